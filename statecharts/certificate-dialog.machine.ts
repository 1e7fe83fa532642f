import { assign, fromPromise, setup } from 'xstate';

/**
 * The certificate dialog (learner spec: "Certificate dialog" and section 4 "Certificate"): load
 * the learner's certificate of a course (generating it first when none exists), preview the PDF,
 * and about 2 s after the preview is ready download it automatically, once per opening. Effects
 * are placeholder actors and actions; web/state/certificate-dialog.tsx provides the real ones.
 */

export const CERTIFICATE_DIALOG_MESSAGES = {
  fetchFailed: 'Failed to fetch certificate',
  downloadFailed: 'Failed to download certificate',
  autoDownloaded: 'Certificate has been automatically downloaded to your device!',
} as const;

/** Automatic download delay after the preview is ready (learner spec section 9). */
export const AUTO_DOWNLOAD_DELAY_MS = 2000;

export interface DialogCertificate {
  certificateId: string;
  certificateNumber: string;
  issuedDate: string;
  expiryDate: string;
  status?: string;
}

export interface CertificateDialogContext {
  courseId: string | null;
  courseName: string;
  certificate: DialogCertificate | null;
  /** Object URL of the fetched PDF, owned by this opening; released on close. */
  previewUrl: string | null;
  error: string | null;
  notice: string | null;
  /** Set by any successful download, so the automatic one never repeats a download. */
  downloaded: boolean;
  /** True when this opening had to generate the certificate. */
  generated: boolean;
}

export type CertificateDialogEvent =
  | { type: 'dialog.open'; courseId: string; courseName: string }
  | { type: 'dialog.close' }
  | { type: 'dialog.retry' }
  | { type: 'certificate.download' }
  | { type: 'certificate.openInNewTab' }
  | { type: 'notice.dismiss' };

/** Actor errors carry the message to show (the server's, else the screen's default). */
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const initialContext = (): CertificateDialogContext => ({
  courseId: null,
  courseName: '',
  certificate: null,
  previewUrl: null,
  error: null,
  notice: null,
  downloaded: false,
  generated: false,
});

export const certificateDialogMachine = setup({
  types: {
    context: {} as CertificateDialogContext,
    events: {} as CertificateDialogEvent,
    tags: {} as 'open' | 'busy' | 'downloading',
  },
  actors: {
    /** The learner's certificate of the course, or null when none exists yet. */
    fetchCertificate: fromPromise<DialogCertificate | null, { courseId: string }>(async () => {
      throw new Error('fetchCertificate not provided');
    }),
    generateCertificate: fromPromise<DialogCertificate, { courseId: string }>(async () => {
      throw new Error('generateCertificate not provided');
    }),
    /** Fetches the PDF (with the bearer token) and returns an object URL for the preview. */
    loadPreview: fromPromise<string, { certificateId: string }>(async () => {
      throw new Error('loadPreview not provided');
    }),
    downloadCertificate: fromPromise<void, { certificateId: string; certificateNumber: string }>(async () => {
      throw new Error('downloadCertificate not provided');
    }),
  },
  actions: {
    /** Opens the preview in a new tab (effect provided by the page). */
    openInNewTab: (_, _params: { url: string | null }) => {},
    /** Frees the object URL (effect provided by the page). */
    releasePreview: (_, _params: { url: string | null }) => {},
  },
  guards: {
    exists: (_, params: { certificate: DialogCertificate | null }) => params.certificate !== null,
    notYetDownloaded: ({ context }) => !context.downloaded,
  },
  delays: {
    autoDownloadDelay: AUTO_DOWNLOAD_DELAY_MS,
  },
}).createMachine({
  id: 'certificateDialog',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dialog.open': {
          target: 'open',
          actions: assign(({ event }) => ({ ...initialContext(), courseId: event.courseId, courseName: event.courseName })),
        },
      },
    },
    open: {
      tags: ['open'],
      initial: 'checking',
      exit: [{ type: 'releasePreview', params: ({ context }) => ({ url: context.previewUrl }) }, assign({ previewUrl: null })],
      on: {
        'dialog.close': { target: 'closed' },
        // Another course while open (a second completion): start over for it.
        'dialog.open': {
          target: '#certificateDialog.open',
          reenter: true,
          actions: assign(({ event }) => ({ ...initialContext(), courseId: event.courseId, courseName: event.courseName })),
        },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
      states: {
        checking: {
          tags: ['busy'],
          invoke: {
            src: 'fetchCertificate',
            input: ({ context }) => ({ courseId: context.courseId! }),
            onDone: [
              {
                guard: { type: 'exists', params: ({ event }) => ({ certificate: event.output }) },
                target: 'loadingPreview',
                actions: assign({ certificate: ({ event }) => event.output }),
              },
              { target: 'generating' },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, CERTIFICATE_DIALOG_MESSAGES.fetchFailed) }) },
          },
        },
        generating: {
          tags: ['busy'],
          invoke: {
            src: 'generateCertificate',
            input: ({ context }) => ({ courseId: context.courseId! }),
            onDone: { target: 'loadingPreview', actions: assign({ certificate: ({ event }) => event.output, generated: true }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, CERTIFICATE_DIALOG_MESSAGES.fetchFailed) }) },
          },
        },
        loadingPreview: {
          tags: ['busy'],
          invoke: {
            src: 'loadPreview',
            input: ({ context }) => ({ certificateId: context.certificate!.certificateId }),
            onDone: { target: 'ready', actions: assign({ previewUrl: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, CERTIFICATE_DIALOG_MESSAGES.fetchFailed) }) },
          },
        },
        ready: {
          initial: 'idle',
          on: {
            'certificate.openInNewTab': { actions: { type: 'openInNewTab', params: ({ context }) => ({ url: context.previewUrl }) } },
          },
          states: {
            idle: {
              after: {
                autoDownloadDelay: { guard: 'notYetDownloaded', target: 'autoDownloading' },
              },
              on: {
                'certificate.download': { target: 'downloading', actions: assign({ error: null }) },
              },
            },
            autoDownloading: {
              tags: ['downloading'],
              invoke: {
                src: 'downloadCertificate',
                input: ({ context }) => ({ certificateId: context.certificate!.certificateId, certificateNumber: context.certificate!.certificateNumber }),
                onDone: { target: 'done', actions: assign({ downloaded: true, notice: CERTIFICATE_DIALOG_MESSAGES.autoDownloaded }) },
                // Not retried automatically: the button is right there, and a loop of failed downloads helps no one.
                onError: {
                  target: 'done',
                  actions: assign({ downloaded: true, error: ({ event }) => messageOf(event.error, CERTIFICATE_DIALOG_MESSAGES.downloadFailed) }),
                },
              },
            },
            downloading: {
              tags: ['downloading'],
              invoke: {
                src: 'downloadCertificate',
                input: ({ context }) => ({ certificateId: context.certificate!.certificateId, certificateNumber: context.certificate!.certificateNumber }),
                onDone: { target: 'done', actions: assign({ downloaded: true }) },
                onError: { target: 'done', actions: assign({ error: ({ event }) => messageOf(event.error, CERTIFICATE_DIALOG_MESSAGES.downloadFailed) }) },
              },
            },
            /** The automatic download has happened (or is no longer due); downloads stay available on request. */
            done: {
              on: {
                'certificate.download': { target: 'downloading', actions: assign({ error: null }) },
              },
            },
          },
        },
        failed: {
          on: {
            'dialog.retry': { target: 'checking', actions: assign({ error: null }) },
          },
        },
      },
    },
  },
});
