/**
 * The order in which a run hands test files to its workers.
 *
 * Each worker takes the next file when it is done with one. Vitest orders the
 * files longest first by the durations it recorded in an earlier run, and
 * largest first where it has none: on a clean clone (every CI run) a slow file
 * that is short in lines started last, and the run ended waiting on it alone
 * (the integration step: 119 s with no durations recorded against 103 s with
 * them, because the 30 s of temp-cleanup started at 79 s). The files named
 * here go first in their project, in the order given; everything else keeps
 * Vitest's order.
 */
import path from 'node:path';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from 'vitest/node';

/** A sequencer that starts `slowFiles` (paths from the project root) first. */
export function slowFilesFirst(slowFiles: string[]): TestSequencerConstructor {
  return class SlowFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const index = slowFiles.indexOf(path.relative(this.ctx.config.root, spec.moduleId));
        return index === -1 ? slowFiles.length : index;
      };
      // Projects stay in Vitest's order, one after another; within each, a stable sort by rank.
      const byProject = new Map<string, TestSpecification[]>();
      for (const spec of sorted) {
        if (!byProject.has(spec.project.name)) byProject.set(spec.project.name, []);
        byProject.get(spec.project.name)!.push(spec);
      }
      return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
    }
  };
}
