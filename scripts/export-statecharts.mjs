// Writes the audit-pack export of every registered statechart (npm run statecharts:export):
// statecharts-export/<machine>.svg (diagram), .scxml (W3C SCXML) and .mmd (Mermaid), all drawn
// from the live machine definitions in statecharts/tooling/registry.ts. The TypeScript sources are
// bundled on the fly with esbuild (a dependency of vite), so nothing needs compiling first.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = resolve(root, process.argv[2] ?? 'statecharts-export');

const entry = `
import { MACHINES } from './statecharts/tooling/registry';
import { describeMachine } from './statecharts/tooling/inspect';
import { layoutMachine } from './statecharts/tooling/layout';
import { toMermaid, toScxml, toSvg } from './statecharts/tooling/export';
export const exports = MACHINES.map((entry) => {
  const model = describeMachine(entry.machine);
  return {
    key: entry.key,
    title: entry.title,
    description: entry.description,
    states: model.states.length - 1,
    transitions: model.transitions.length,
    svg: toSvg(layoutMachine(model), entry.title),
    scxml: toScxml(model),
    mermaid: toMermaid(model),
  };
});
`;

const work = await mkdtemp(join(tmpdir(), 'statecharts-export-'));
try {
  const bundle = join(work, 'bundle.mjs');
  await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'export-entry.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
  });
  const { exports: machines } = await import(pathToFileURL(bundle).href);
  await mkdir(outDir, { recursive: true });
  const index = ['# Statecharts', '', `Exported ${new Date().toISOString()} from the live machine definitions.`, ''];
  for (const m of machines) {
    await writeFile(join(outDir, `${m.key}.svg`), m.svg);
    await writeFile(join(outDir, `${m.key}.scxml`), m.scxml);
    await writeFile(join(outDir, `${m.key}.mmd`), m.mermaid);
    index.push(
      `## ${m.title} (${m.key})`,
      '',
      m.description,
      '',
      `${m.states} states, ${m.transitions} transitions: ${m.key}.svg, ${m.key}.scxml, ${m.key}.mmd`,
      '',
    );
    console.log(
      `${m.key}: ${m.states} states, ${m.transitions} transitions -> ${m.key}.svg, ${m.key}.scxml, ${m.key}.mmd`,
    );
  }
  await writeFile(join(outDir, 'README.md'), `${index.join('\n')}\n`);
  console.log(`Wrote ${machines.length * 3 + 1} files to ${outDir}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
