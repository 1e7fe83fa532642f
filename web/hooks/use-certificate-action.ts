import type { GenerateCertificateResponse } from '@contract/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateFileFor, certificatesApi, saveCertificate, type CertificateScreen } from '../api/certificates';
import { queryKeys } from '../api/query-keys';
import { toaster } from '../ui';
import { t } from '../i18n';
import { declaredText } from '../i18n/error-text';

/** The reason part of "Failed to ...: {reason}". */
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? declaredText(error.message) : t('common.unknownError'));

export interface CertificateRef {
  certificateId: string;
  certificateNumber?: string | null;
}

/**
 * The one certificate action of the learner screens: download an issued certificate, or generate
 * it for a completed course and download it at once. One course is busy at a time; failures are
 * toasts ("Failed to download certificate: ...", "Failed to generate certificate: ..."), and a
 * generated certificate refreshes the learner's lists that show it.
 */
export function useCertificateAction(screen: CertificateScreen, onGenerated?: (courseId: string, certificate: GenerateCertificateResponse) => void) {
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: ({ certificate }: { courseId: string; certificate: CertificateRef }) => saveCertificate(certificate.certificateId, certificateFileFor(screen, certificate.certificateNumber)),
    onError: (error) => toaster.create({ type: 'error', title: t('certAction.downloadFailed', { reason: reasonOf(error) }) }),
  });
  const generate = useMutation({
    mutationFn: (courseId: string) => certificatesApi.generate(courseId),
    onSuccess: (certificate, courseId) => {
      onGenerated?.(courseId, certificate);
      // The other screens that show certificates read them again when next opened.
      void queryClient.invalidateQueries({ queryKey: screen === 'reports' ? queryKeys.learner.dashboard : queryKeys.learner.reports });
      download.mutate({ courseId, certificate });
    },
    onError: (error) => toaster.create({ type: 'error', title: t('certAction.generateFailed', { reason: reasonOf(error) }) }),
  });
  const busyCourse = generate.isPending ? generate.variables : download.isPending ? download.variables.courseId : null;
  return {
    /** The course whose certificate is being generated or downloaded, if any. */
    busyCourse,
    download: (courseId: string, certificate: CertificateRef) => download.mutate({ courseId, certificate }),
    generateAndDownload: (courseId: string) => generate.mutate(courseId),
  };
}
