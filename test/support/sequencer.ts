/**
 * The order a vitest run hands its files to the workers: the `-own` projects' files first (each
 * starts a stack of its own and runs longest: the bot files, the cockpit), then the rest, larger
 * files first within each. Vitest's own order (one project after another, by name) queued them
 * last, so a run ended on a few long files while the other workers sat idle; the short files on
 * the shared stacks fill the end instead. A fresh clone has no durations of an earlier run, so a
 * file's size stands in for its length.
 */
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ownFirst = (spec: TestSpecification) => (spec.project.name.endsWith('-own') ? 0 : 1);
const size = (spec: TestSpecification) => statSync(spec.moduleId).size;

export default class OwnProcessFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => ownFirst(a) - ownFirst(b) || size(b) - size(a));
  }
}
