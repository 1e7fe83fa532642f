import type { GenerateCertificateResponse } from '@contract/certificates';
import { useMutation } from '@tanstack/react-query';
import { certificateFileFor, saveCertificate, type CertificateScreen } from '../api/certificates';
import { certificateWrites } from '../api/learner-queries';
import { useWrite } from '../api/writes';
import { toaster } from '../ui';
import { t } from '../i18n';
import { declaredText } from '../i18n/error-text';

/** The reason part of "Failed to ...: {reason}". */
const reasonOf = (error: unknown) =>
  error instanceof Error && error.message ? declaredText(error.message) : t('common.unknownError');

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
export function useCertificateAction(
  screen: CertificateScreen,
  onGenerated?: (courseId: string, certificate: GenerateCertificateResponse) => void,
) {
  const download = useMutation({
    mutationFn: ({ certificate }: { courseId: string; certificate: CertificateRef }) =>
      saveCertificate(certificate.certificateId, certificateFileFor(screen, certificate.certificateNumber)),
    onError: (error) =>
      toaster.create({ type: 'error', title: t('certAction.downloadFailed', { reason: reasonOf(error) }) }),
  });
  // The write invalidates the screens that show certificates (web/api/learner-queries.ts).
  const generate = useWrite(certificateWrites.generate, {
    onSuccess: (certificate, courseId) => {
      onGenerated?.(courseId, certificate);
      download.mutate({ courseId, certificate });
    },
    onError: (error) =>
      toaster.create({ type: 'error', title: t('certAction.generateFailed', { reason: reasonOf(error) }) }),
  });
  const busyCourse = generate.isPending ? generate.variables : download.isPending ? download.variables.courseId : null;
  return {
    /** The course whose certificate is being generated or downloaded, if any. */
    busyCourse,
    download: (courseId: string, certificate: CertificateRef) => download.mutate({ courseId, certificate }),
    generateAndDownload: (courseId: string) => generate.mutate(courseId),
  };
}
