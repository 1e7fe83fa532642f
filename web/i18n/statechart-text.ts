/**
 * The /statecharts machines' titles and accounts in the reader's language. The registry
 * (statecharts/tooling/registry/) keeps them in English, the source of the exported SCXML, SVG
 * and Mermaid files; the English catalog repeats them word for word
 * (web/i18n/statechart-text.test.ts fails when the two drift apart).
 */
import type { MachineEntry } from '../../statecharts/tooling/registry';
import { t } from './index';
import { MACHINE_TEXT } from './statechart-ids';

/** A machine's title in the reader's language (a machine not yet translated keeps its English). */
export function machineTitle(entry: MachineEntry): string {
  const ids = MACHINE_TEXT[entry.key];
  return ids ? t(ids[0]) : entry.title;
}

/** A machine's plain-language account in the reader's language. */
export function machineDescription(entry: MachineEntry): string {
  const ids = MACHINE_TEXT[entry.key];
  return ids ? t(ids[1]) : entry.description;
}
