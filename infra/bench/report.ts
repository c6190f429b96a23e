// What a bench run measured: figure lines printed as they come, targets judged, and docs/benchmarks.md written.
import { execSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

export type Figure = { section: string; label: string; value: string };
/**
 * met: true/false when measured; 'pending' when it could not be measured in this run (the reason is in `measured`);
 * 'reported' for a figure the issue asks for without a threshold.
 */
export type Verdict = boolean | 'pending' | 'reported';
export type Target = { section: string; target: string; measured: string; met: Verdict };

const verdictText = (met: Verdict) => (met === true ? 'met' : met === false ? 'NOT MET' : met);
export type Note = { section: string; text: string };

export class BenchReport {
  readonly figures: Figure[] = [];
  readonly targets: Target[] = [];
  readonly notes: Note[] = [];
  readonly started = new Date();

  constructor(readonly command: string) {}

  figure(section: string, label: string, value: string): void {
    this.figures.push({ section, label, value });
    console.log(`${section.padEnd(12)} ${label.padEnd(64)} ${value}`);
  }

  target(section: string, target: string, measured: string, met: Verdict): void {
    this.targets.push({ section, target, measured, met });
    console.log(`${section.padEnd(12)} target ${target} — ${measured}: ${verdictText(met)}`);
  }

  note(section: string, text: string): void {
    this.notes.push({ section, text });
    console.log(`${section.padEnd(12)} note: ${text}`);
  }

  /** The generated part of docs/benchmarks.md; the hand-written analysis around it is kept. */
  markdown(): string {
    const sections = [...new Set([...this.figures, ...this.targets].map((f) => f.section))];
    const commit = safe(() => execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim(), 'unknown');
    const lines = [
      `- Command: \`${this.command}\``,
      `- Date: ${this.started.toISOString()}`,
      `- Commit: ${commit}`,
      `- Machine: ${cpus().length} CPUs (\`nproc\` ${safe(() => execSync('nproc', { encoding: 'utf8' }).trim(), '?')}, ${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform}`,
      '',
      '### Targets',
      '',
      '| Section | Target | Measured | Verdict |',
      '|---|---|---|---|',
      ...this.targets.map(
        (t) =>
          `| ${t.section} | ${cell(t.target)} | ${cell(t.measured)} | ${t.met === false ? '**not met**' : verdictText(t.met)} |`,
      ),
      '',
      '### Figures',
      '',
    ];
    for (const section of sections) {
      lines.push(`#### ${section}`, '', '| Measure | Value |', '|---|---|');
      for (const f of this.figures.filter((f) => f.section === section))
        lines.push(`| ${cell(f.label)} | ${cell(f.value)} |`);
      const notes = this.notes.filter((n) => n.section === section);
      if (notes.length) lines.push('', ...notes.map((n) => `- ${n.text}`));
      lines.push('');
    }
    return lines.join('\n');
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** 12345.6 → "12,346" */
/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
/** 3.14159 → "3.1" */
export const oneDecimal = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const megabytes = (bytes: number) => `${oneDecimal(bytes / 2 ** 20)} MiB`;
export const kilobytes = (bytes: number) => `${oneDecimal(bytes / 1024)} KiB`;

export const generatedBegin =
  '<!-- bench:begin (written by npm run bench or npm run chaos; edit outside these markers) -->';
export const generatedEnd = '<!-- bench:end -->';

/** Replaces the generated block of a document, or appends one when the markers are missing. */
export function spliceGenerated(document: string, generated: string): string {
  const block = `${generatedBegin}\n${generated.trim()}\n${generatedEnd}`;
  const begin = document.indexOf('<!-- bench:begin');
  const end = document.indexOf(generatedEnd);
  if (begin === -1 || end === -1 || end < begin) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, begin) + block + document.slice(end + generatedEnd.length);
}
