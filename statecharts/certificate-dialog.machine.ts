import { assign, fromPromise, setup } from 'xstate';

/**
 * The certificate dialog of a completed course: load the learner's certificate (generating it
 * first when none exists), preview the PDF,
 * and about 2 s after the preview is ready download it automatically, once per opening. Effects
 * are placeholder actors and actions; web/state/certificate-dialog.tsx provides the real ones.
 */

export const CERTIFICATE_DIALOG_MESSAGES = {
  fetchFailed: 'Failed to fetch certificate',
  downloadFailed: 'Failed to download certificate',
  autoDownloaded: 'Certificate has been automatically downloaded to your device!',
} as const;

/** The automatic download waits 2 s after the preview is ready, so the learner sees what is being saved. */
export const AUTO_DOWNLOAD_DELAY_MS = 2000;

export interface DialogCertificate {
  certificateId: string;
  certificateNumber: string;
  issuedDate: string;
  expiryDate: string;
  status?: string;
  /** The delivery language (ISO code) the certificate records. */
  language?: string;
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
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Downloading the certificate's PDF, by the automatic download or on request: both endings settle
 * in `done`, where a failure shows beside the download button.
 */
const downloadInvoke = <
  Done extends 'markAutoDownloaded' | 'markDownloaded',
  Failed extends 'setAutoDownloadError' | 'setDownloadError',
>(
  done: Done,
  failed: Failed,
) =>
  ({
    src: 'downloadCertificate',
    input: ({ context }: { context: CertificateDialogContext }) => ({
      certificateId: context.certificate!.certificateId,
      certificateNumber: context.certificate!.certificateNumber,
    }),
    onDone: { target: 'done', actions: done },
    onError: {
      target: 'done',
      actions: { type: failed, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    },
  }) as const;

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
    startOpening: assign((_, params: { courseId: string; courseName: string }) => ({
      ...initialContext(),
      courseId: params.courseId,
      courseName: params.courseName,
    })),
    storeCertificate: assign((_, params: { certificate: DialogCertificate | null }) => ({
      certificate: params.certificate,
    })),
    storeGeneratedCertificate: assign((_, params: { certificate: DialogCertificate }) => ({
      certificate: params.certificate,
      generated: true,
    })),
    storePreview: assign((_, params: { url: string }) => ({ previewUrl: params.url })),
    clearPreview: assign({ previewUrl: null }),
    setFetchError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, CERTIFICATE_DIALOG_MESSAGES.fetchFailed),
    })),
    setDownloadError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, CERTIFICATE_DIALOG_MESSAGES.downloadFailed),
    })),
    /** A failed automatic download still counts as done, so it is never retried in a loop. */
    setAutoDownloadError: assign((_, params: { error: unknown }) => ({
      downloaded: true,
      error: messageOf(params.error, CERTIFICATE_DIALOG_MESSAGES.downloadFailed),
    })),
    markDownloaded: assign({ downloaded: true }),
    markAutoDownloaded: assign({ downloaded: true, notice: CERTIFICATE_DIALOG_MESSAGES.autoDownloaded }),
    clearError: assign({ error: null }),
    dismissNotice: assign({ notice: null }),
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
          actions: {
            type: 'startOpening',
            params: ({ event }) => ({ courseId: event.courseId, courseName: event.courseName }),
          },
        },
      },
    },
    open: {
      tags: ['open'],
      initial: 'checking',
      exit: [{ type: 'releasePreview', params: ({ context }) => ({ url: context.previewUrl }) }, 'clearPreview'],
      on: {
        'dialog.close': { target: 'closed' },
        // Another course while open (a second completion): start over for it.
        'dialog.open': {
          target: '#certificateDialog.open',
          reenter: true,
          actions: {
            type: 'startOpening',
            params: ({ event }) => ({ courseId: event.courseId, courseName: event.courseName }),
          },
        },
        'notice.dismiss': { actions: 'dismissNotice' },
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
                actions: { type: 'storeCertificate', params: ({ event }) => ({ certificate: event.output }) },
              },
              { target: 'generating' },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'setFetchError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        generating: {
          tags: ['busy'],
          invoke: {
            src: 'generateCertificate',
            input: ({ context }) => ({ courseId: context.courseId! }),
            onDone: {
              target: 'loadingPreview',
              actions: { type: 'storeGeneratedCertificate', params: ({ event }) => ({ certificate: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setFetchError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingPreview: {
          tags: ['busy'],
          invoke: {
            src: 'loadPreview',
            input: ({ context }) => ({ certificateId: context.certificate!.certificateId }),
            onDone: {
              target: 'ready',
              actions: { type: 'storePreview', params: ({ event }) => ({ url: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setFetchError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          initial: 'idle',
          on: {
            'certificate.openInNewTab': {
              actions: { type: 'openInNewTab', params: ({ context }) => ({ url: context.previewUrl }) },
            },
          },
          states: {
            idle: {
              after: {
                autoDownloadDelay: { guard: 'notYetDownloaded', target: 'autoDownloading' },
              },
              on: {
                'certificate.download': { target: 'downloading', actions: 'clearError' },
              },
            },
            // A failed automatic download is not retried: the button is right there, and a loop of failed downloads helps no one.
            autoDownloading: {
              tags: ['downloading'],
              invoke: downloadInvoke('markAutoDownloaded', 'setAutoDownloadError'),
            },
            downloading: {
              tags: ['downloading'],
              invoke: downloadInvoke('markDownloaded', 'setDownloadError'),
            },
            /** The automatic download has happened (or is no longer due); downloads stay available on request. */
            done: {
              on: {
                'certificate.download': { target: 'downloading', actions: 'clearError' },
              },
            },
          },
        },
        failed: {
          on: {
            'dialog.retry': { target: 'checking', actions: 'clearError' },
          },
        },
      },
    },
  },
});
