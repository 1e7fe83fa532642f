import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  CERTIFICATE_DIALOG_MESSAGES,
  certificateDialogMachine,
  type DialogCertificate,
} from '../../statecharts/certificate-dialog.machine';
import { certificatesApi, downloadCertificate } from '../api/certificates';
import { certificateWrites, learnerQueries } from '../api/learner-queries';
import { queryClient } from '../api/query-client';
import { runWrite } from '../api/writes';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

/** Actor errors carry only the text to show: the server's message, else the dialog's default. */
const withMessage = async <T,>(work: () => Promise<T>, fallback: string): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw new Error(errorText(error, fallback));
  }
};

const toDialogCertificate = (c: DialogCertificate): DialogCertificate => ({
  certificateId: c.certificateId,
  certificateNumber: c.certificateNumber,
  issuedDate: c.issuedDate,
  expiryDate: c.expiryDate,
  status: c.status,
  language: c.language,
});

export const browserCertificateDialogMachine = certificateDialogMachine.provide({
  actors: {
    fetchCertificate: fromPromise<DialogCertificate | null, { courseId: string }>(({ input }) =>
      withMessage(async () => {
        const found = await queryClient.fetchQuery(learnerQueries.certificate(input.courseId));
        return found.exists ? toDialogCertificate(found) : null;
      }, CERTIFICATE_DIALOG_MESSAGES.fetchFailed),
    ),
    generateCertificate: fromPromise<DialogCertificate, { courseId: string }>(({ input }) =>
      withMessage(
        async () => toDialogCertificate(await runWrite(certificateWrites.generate, input.courseId)),
        CERTIFICATE_DIALOG_MESSAGES.fetchFailed,
      ),
    ),
    loadPreview: fromPromise<string, { certificateId: string }>(({ input }) =>
      withMessage(async () => {
        const blob = await certificatesApi.view(input.certificateId);
        return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      }, CERTIFICATE_DIALOG_MESSAGES.fetchFailed),
    ),
    downloadCertificate: fromPromise<void, { certificateId: string; certificateNumber: string }>(({ input }) =>
      withMessage(
        () => downloadCertificate(input.certificateId, input.certificateNumber),
        CERTIFICATE_DIALOG_MESSAGES.downloadFailed,
      ),
    ),
  },
  actions: {
    openInNewTab: (_, params) => {
      if (params.url) window.open(params.url, '_blank', 'noopener');
    },
    releasePreview: (_, params) => {
      if (params.url) URL.revokeObjectURL(params.url);
    },
  },
});

const DIALOG_READS = readsOf<SnapshotFrom<typeof browserCertificateDialogMachine>>()({
  context: ['certificate', 'previewUrl', 'error', 'notice'],
  matches: [{ open: 'ready' }, { open: 'failed' }, { open: 'generating' }],
  tags: ['busy', 'downloading'],
});

/**
 * Connects the dialog machine to a controlled `open` prop: opening sends `dialog.open` with the
 * course, closing sends `dialog.close` (which cancels a pending automatic download).
 */
export function useCertificateDialog(open: boolean, courseId: string | null, courseName: string) {
  const actorRef = useActorRef(browserCertificateDialogMachine);
  const view = useMachineView(actorRef, DIALOG_READS);
  const send = actorRef.send;
  useEffect(() => {
    if (open && courseId) send({ type: 'dialog.open', courseId, courseName });
    else send({ type: 'dialog.close' });
  }, [open, courseId, courseName, send]);
  // Unmounting stops the actor without running exit actions: free the preview here.
  const previewUrl = useRef<string | null>(null);
  previewUrl.current = view.context.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );
  return [view, send] as const;
}
