import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const largestFirst = (files: TestSpecification[]) =>
  files.map((file) => ({ file, size: statSync(file.moduleId).size })).sort((a, b) => b.size - a.size).map(({ file }) => file);

/**
 * The four projects' files share three workers, in the order given here; within a project the
 * largest go first, so that a long file does not start last and leave one worker running alone.
 * Projects whose files share a worker's modules (isolate: false) run one after the other, as
 * vitest keeps such a worker only while the next file is of the same project. The isolated ones
 * follow, interleaved in proportion: the browser files spread among the page tests instead of
 * three Chromium pages and their servers starting at once.
 */
export default class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of files) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    const projects = [...byProject.values()].map(largestFirst);
    const sharing = projects.filter((list) => list[0].project.config.isolate === false);
    const interleaved = projects
      .filter((list) => list[0].project.config.isolate !== false)
      .flatMap((list) => list.map((file, index) => ({ file, at: (index + 0.5) / list.length })))
      .sort((a, b) => a.at - b.at)
      .map(({ file }) => file);
    return [...sharing.flat(), ...interleaved];
  }
}
