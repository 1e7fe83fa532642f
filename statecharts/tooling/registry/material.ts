import { materialProgressMachine } from '../../material-progress.machine';
import { scormPlayerMachine } from '../../scorm-player.machine';
import type { MachineEntry } from './shared';

// Learning materials: progress through a material, and the SCORM package player.

const demoScormSummary = (completed: boolean, status: string) => ({
  status,
  successStatus: completed ? 'passed' : null,
  score: completed ? 100 : null,
  totalSeconds: 95,
  completed,
  updatedAt: null,
});
const demoScormLaunch = (resume: boolean) => ({
  componentId: 'component-scorm',
  materialId: 'material-scorm',
  title: 'PPE Essentials Quiz',
  version: '1.2',
  launchUrl: '/api/v2/scorm/content/component-scorm/signed/index.html',
  cycle: 1,
  cmi: resume ? { 'cmi.core.entry': 'resume', 'cmi.suspend_data': '{"current":2}' } : { 'cmi.core.entry': '' },
  beaconUrl: '/api/v2/scorm/components/component-scorm/beacon?sig=demo',
  summary: demoScormSummary(false, resume ? 'incomplete' : 'not attempted'),
  learnerName: 'Learner, Demo',
  learnerId: 'u-demo',
  masteryScore: 80,
});
const demoScormCommit = (completed: boolean) => ({
  summary: demoScormSummary(completed, completed ? 'passed' : 'incomplete'),
  componentStatus: completed ? 'COMPLETED' : 'IN_PROGRESS',
  progressPercentage: completed ? 100 : 0,
});

export const materialProgressEntry: MachineEntry = {
  key: 'material-progress',
  title: 'Learning material progress',
  description:
    'A learner viewing a learning material. Opening a material not yet started marks it started; progress is reported in 10 % steps (a video by its position, a PDF by the pages shown for at least 3 seconds each, a document that cannot be shown inline as fully viewed once opened), and the page shows the progress the server recorded, the number the course page shows; reaching 100 % marks the material complete, and "Complete & Continue" returns to the course once completion is confirmed. Time spent is sent every 30 seconds and once more when the learner leaves the page; a failed time report is only logged and its seconds are sent with the next one.',
  machine: materialProgressMachine,
  inputs: [
    {
      label: 'not started',
      value: () => ({ componentId: 'component-material', status: 'NOT_STARTED', progressPercentage: 0 }),
    },
    {
      label: 'in progress at 40 %',
      value: () => ({ componentId: 'component-material', status: 'IN_PROGRESS', progressPercentage: 40 }),
    },
    {
      label: 'already completed',
      value: () => ({ componentId: 'component-material', status: 'COMPLETED', progressPercentage: 100 }),
    },
  ],
  samples: {
    'material.progress': [
      { label: '50 %', payload: () => ({ percentage: 50 }) },
      { label: '100 %', payload: () => ({ percentage: 100 }) },
    ],
    'done: reportProgress': [
      { label: 'recorded as claimed (50 %)', payload: () => ({ output: 50 }) },
      { label: 'held back to 30 %', payload: () => ({ output: 30 }) },
    ],
  },
};

export const scormPlayerEntry: MachineEntry = {
  key: 'scorm-player',
  title: 'SCORM package player',
  description:
    'A learner playing a SCORM 1.2 or 2004 package. The player gets the launch data from the server (the learner\u2019s saved data for this training cycle, so a package left mid-way resumes where it was), then the package runs in a sandboxed frame and talks to the SCORM runtime in the player page. Every change is kept; every commit is sent to the server, and a commit asked for while one is in flight is sent right after it; a failed commit is reported and its data goes again with the next one. When the package finishes, its final data is saved and the session ends; a failed final save can be retried. Hiding the page sends the unsaved data with a beacon and keeps playing; leaving the page (closing the tab, another page) sends it and ends the session. The component completes, and counts toward the course and the certificate, only when the server judges the package\u2019s status and score complete.',
  machine: scormPlayerMachine,
  inputs: [{ label: 'new session', value: () => ({ componentId: 'component-scorm', sessionId: 'session-demo-0001' }) }],
  samples: {
    'done: launch': [
      {
        label: 'first launch',
        payload: () => ({ output: demoScormLaunch(false) }),
      },
      {
        label: 'resume after a suspend',
        payload: () => ({ output: demoScormLaunch(true) }),
      },
    ],
    'runtime.change': [
      {
        label: 'answer saved',
        payload: () => ({ cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"current":3}' } }),
      },
    ],
    'runtime.commit': [
      {
        label: 'mid-way',
        payload: () => ({ cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"current":3}' } }),
      },
    ],
    'runtime.finish': [
      {
        label: 'passed',
        payload: () => ({ cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100' } }),
      },
    ],
    'done: commit': [
      { label: 'in progress', payload: () => ({ output: demoScormCommit(false) }) },
      { label: 'component completed', payload: () => ({ output: demoScormCommit(true) }) },
    ],
  },
};
