import { describe, expect, it } from 'vitest';
import { layoutDag } from '../../src/pages/workflows/dag-layout';
import { demoLinks, demoTasks } from './workflow-fixtures';

// React Flow draws edges only once it has measured the nodes, which jsdom cannot: the edges are checked here.
describe('the DAG layout', () => {
  it('places tasks left to right and labels a link with the output feeding the input, an order-only link with nothing', () => {
    const { nodes, edges } = layoutDag(demoTasks, demoLinks, new Map([['extract', 'success']]));
    const x = (name: string) => nodes.find((node) => node.data.name === name)!.position.x;
    expect(x('extract')).toBeLessThan(x('report'));
    expect(x('query')).toBeLessThan(x('report'));
    expect(edges.map((edge) => [edge.source, edge.target, edge.label])).toEqual([
      ['51', '53', 'total → regions'],
      ['52', '53', undefined],
    ]);
    // A task with no instance in the run has not started; with no run there is no state at all.
    expect(nodes.map((node) => node.data.state)).toEqual(['success', 'none', 'none']);
    expect(layoutDag(demoTasks, demoLinks, undefined).nodes.map((node) => node.data.state)).toEqual([undefined, undefined, undefined]);
  });
});
