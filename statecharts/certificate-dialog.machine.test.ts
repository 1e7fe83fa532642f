import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AUTO_DOWNLOAD_DELAY_MS,
  CERTIFICATE_DIALOG_MESSAGES,
  certificateDialogMachine,
  type CertificateDialogContext,
  type DialogCertificate,
} from './certificate-dialog.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { inert } from './testing/fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const CERT: DialogCertificate = {
  certificateId: 'cert-1',
  certificateNumber: 'CERT-2026-123456',
  issuedDate: '2026-11-21T10:00:00Z',
  expiryDate: '2027-11-21T10:00:00Z',
};

function setupDialog(
  overrides: {
    fetch?: () => Promise<DialogCertificate | null>;
    generate?: () => Promise<DialogCertificate>;
    preview?: () => Promise<string>;
    download?: () => Promise<void>;
  } = {},
) {
  const calls = {
    fetch: vi.fn(overrides.fetch ?? (async () => CERT)),
    generate: vi.fn(overrides.generate ?? (async () => CERT)),
    preview: vi.fn(overrides.preview ?? (async () => 'blob:preview-1')),
    download: vi.fn(overrides.download ?? (async () => {})),
    openInNewTab: vi.fn(),
    releasePreview: vi.fn(),
  };
  const machine = certificateDialogMachine.provide({
    actors: {
      fetchCertificate: fromPromise(() => calls.fetch()),
      generateCertificate: fromPromise(() => calls.generate()),
      loadPreview: fromPromise(() => calls.preview()),
      downloadCertificate: fromPromise(() => calls.download()),
    },
    actions: {
      openInNewTab: (_, params) => calls.openInNewTab(params.url),
      releasePreview: (_, params) => calls.releasePreview(params.url),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('certificate dialog machine', () => {
  it('loads an existing certificate, previews it and downloads it automatically once, 2 s later, with the notice', async () => {
    const { actor, calls } = setupDialog();
    actor.send({ type: 'dialog.open', courseId: 'course-1', courseName: 'Fire Safety' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.generate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ open: { ready: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      certificate: CERT,
      previewUrl: 'blob:preview-1',
      courseName: 'Fire Safety',
    });

    await vi.advanceTimersByTimeAsync(AUTO_DOWNLOAD_DELAY_MS - 1);
    expect(calls.download).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.download).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toBe(CERTIFICATE_DIALOG_MESSAGES.autoDownloaded);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.download).toHaveBeenCalledTimes(1);
  });

  it('generates the certificate first when none exists', async () => {
    const { actor, calls } = setupDialog({ fetch: async () => null });
    actor.send({ type: 'dialog.open', courseId: 'course-1', courseName: 'Fire Safety' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.generate).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.generated).toBe(true);
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
  });

  it('does not download automatically after the learner already downloaded by hand', async () => {
    const { actor, calls } = setupDialog();
    actor.send({ type: 'dialog.open', courseId: 'course-1', courseName: 'Fire Safety' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'certificate.download' });
    await vi.advanceTimersByTimeAsync(AUTO_DOWNLOAD_DELAY_MS * 3);
    expect(calls.download).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'certificate.download' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.download).toHaveBeenCalledTimes(2);
  });

  it('shows the server message, else "Failed to fetch certificate", and can retry', async () => {
    let attempt = 0;
    const { actor } = setupDialog({
      fetch: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('');
        if (attempt === 2) throw new Error('Course not found');
        return CERT;
      },
    });
    actor.send({ type: 'dialog.open', courseId: 'course-1', courseName: 'Fire Safety' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(CERTIFICATE_DIALOG_MESSAGES.fetchFailed);
    actor.send({ type: 'dialog.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe('Course not found');
    actor.send({ type: 'dialog.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reports "Failed to download certificate" and does not loop on a failed automatic download', async () => {
    const { actor, calls } = setupDialog({ download: async () => Promise.reject(new Error('')) });
    actor.send({ type: 'dialog.open', courseId: 'course-1', courseName: 'Fire Safety' });
    await vi.advanceTimersByTimeAsync(AUTO_DOWNLOAD_DELAY_MS);
    expect(actor.getSnapshot().context.error).toBe(CERTIFICATE_DIALOG_MESSAGES.downloadFailed);
    await vi.advanceTimersByTimeAsync(AUTO_DOWNLOAD_DELAY_MS * 5);
    expect(calls.download).toHaveBeenCalledTimes(1);
  });

  it('opens the preview in a new tab and releases it on close; a new opening downloads again', async () => {
    const { actor, calls } = setupDialog();
    actor.send({ type: 'dialog.open', courseId: 'course-1', courseName: 'Fire Safety' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'certificate.openInNewTab' });
    expect(calls.openInNewTab).toHaveBeenCalledWith('blob:preview-1');
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls.releasePreview).toHaveBeenCalledWith('blob:preview-1');
    // Closing before the 2 s cancels the automatic download of that opening.
    await vi.advanceTimersByTimeAsync(AUTO_DOWNLOAD_DELAY_MS * 2);
    expect(calls.download).not.toHaveBeenCalled();

    actor.send({ type: 'dialog.open', courseId: 'course-2', courseName: 'Ladders' });
    await vi.advanceTimersByTimeAsync(AUTO_DOWNLOAD_DELAY_MS);
    expect(calls.download).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.courseName).toBe('Ladders');
  });
});

describe('certificate dialog machine: every state and transition (xstate/graph)', () => {
  const machine = inert(certificateDialogMachine, { openInNewTab: () => {}, releasePreview: () => {} });
  const events = [
    { type: 'dialog.open', courseId: 'c1', courseName: 'Fire Safety' },
    { type: 'dialog.close' },
    { type: 'dialog.retry' },
    { type: 'certificate.download' },
    { type: 'certificate.openInNewTab' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.0.certificateDialog.open.checking', output: CERT },
    { type: 'xstate.done.actor.0.certificateDialog.open.checking', output: null },
    { type: 'xstate.error.actor.0.certificateDialog.open.checking', error: new Error('offline') },
    { type: 'xstate.done.actor.0.certificateDialog.open.generating', output: CERT },
    { type: 'xstate.error.actor.0.certificateDialog.open.generating', error: new Error('offline') },
    { type: 'xstate.done.actor.0.certificateDialog.open.loadingPreview', output: 'blob:p' },
    { type: 'xstate.error.actor.0.certificateDialog.open.loadingPreview', error: new Error('offline') },
    { type: 'xstate.done.actor.0.certificateDialog.open.ready.autoDownloading' },
    { type: 'xstate.error.actor.0.certificateDialog.open.ready.autoDownloading', error: new Error('offline') },
    { type: 'xstate.done.actor.0.certificateDialog.open.ready.downloading' },
    { type: 'xstate.error.actor.0.certificateDialog.open.ready.downloading', error: new Error('offline') },
  ];
  const serializeState = (s: { value: unknown; context: CertificateDialogContext }) =>
    JSON.stringify([
      s.value,
      s.context.certificate?.certificateId ?? null,
      s.context.previewUrl,
      s.context.error,
      s.context.notice,
      s.context.downloaded,
    ]);
  const walk = walkGraph({ machine, events: events as never, serializeState: serializeState as never });
  const paths = walk.paths;

  it('reaches every state node and takes every transition, behaving on a live actor as the model says', () => {
    expectWholeGraph(walk);
  });

  it('never downloads automatically twice in one opening', () => {
    const auto = (value: unknown) => JSON.stringify(value) === JSON.stringify({ open: { ready: 'autoDownloading' } });
    let longest = 0;
    for (const path of paths) {
      let count = 0;
      path.states.forEach((state, i) => {
        if (i > 0 && path.events[i - 1].type === 'dialog.open') count = 0;
        if (auto(state.value) && !(i > 0 && auto(path.states[i - 1].value))) count += 1;
        longest = Math.max(longest, count);
        expect(count).toBeLessThanOrEqual(1);
      });
    }
    // The model does reach the automatic download (so the check above is not vacuous).
    expect(longest).toBe(1);
  });
});
