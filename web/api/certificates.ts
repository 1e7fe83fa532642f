/**
 * Certificate calls. The PDFs are fetched with the bearer token as blobs: an <iframe> or a link
 * cannot send the header.
 */
import {
  certificateFileName,
  type GenerateCertificateResponse,
  type OwnCertificate,
  type RevokeCertificateResponse,
  type UserCertificateResponse,
  type VerifyCertificateResponse,
} from '@contract/certificates';
import { api, apiRequest } from './client';

const enc = encodeURIComponent;

export const certificatesApi = {
  /** Every certificate of the signed-in learner, every training cycle's. */
  mine: (signal?: AbortSignal) => api.get<OwnCertificate[]>('/v2/certificates/user/all', { signal }),
  /** Admin: stops a certificate verifying as valid; the reason is audit-logged. */
  revoke: ({ certificateId, reason }: { certificateId: string; reason: string }) =>
    api.post<RevokeCertificateResponse>(`/v2/certificates/${enc(certificateId)}/revoke`, { reason }),
  forCourse: (courseId: string) => api.get<UserCertificateResponse>(`/v2/certificates/user/${enc(courseId)}`),
  generate: (courseId: string) => api.post<GenerateCertificateResponse>(`/v2/certificates/generate/${enc(courseId)}`),
  view: (certificateId: string) =>
    apiRequest<Blob>(`/v2/certificates/view/${enc(certificateId)}`, { responseType: 'blob' }),
  download: (certificateId: string) =>
    apiRequest<Blob>(`/v2/certificates/download/${enc(certificateId)}`, { responseType: 'blob' }),
  verify: (certificateNumber: string) =>
    api.get<VerifyCertificateResponse>(`/v2/certificates/verify/${enc(certificateNumber)}`, { token: null }),
};

/** Saves a blob through a temporary link (the browser's own download, with our file name). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The file a screen saves a certificate under: the dashboard names it by its number
 * (certificate-{number}.pdf); the course page and the reports screen save certificate.pdf.
 */
export type CertificateScreen = 'dashboard' | 'course' | 'reports';
export const certificateFileFor = (screen: CertificateScreen, certificateNumber: string | null | undefined): string =>
  certificateFileName(screen === 'dashboard' ? certificateNumber : null);

/** Fetches a certificate PDF and saves it as `fileName`. */
export async function saveCertificate(certificateId: string, fileName: string): Promise<void> {
  saveBlob(await certificatesApi.download(certificateId), fileName);
}

/**
 * The course page's certificate dialog download (its machine in web/state calls this): saved as
 * certificate.pdf, the name the course screen uses; the number is shown in the dialog instead.
 */
export function downloadCertificate(certificateId: string, certificateNumber?: string | null): Promise<void> {
  return saveCertificate(certificateId, certificateFileFor('course', certificateNumber));
}
