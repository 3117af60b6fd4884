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

  it('draws the link that closes a cycle as a back edge: dashed, in the error colour, saying 存在循环依赖', () => {
    const back = { ...demoLinks[0], id: 69, source_task: 53, target_task: 51, source_param: '', target_param: '' };
    const { nodes, edges } = layoutDag(demoTasks, [...demoLinks, back], undefined);
    const x = (id: string) => nodes.find((node) => node.id === id)!.position.x;
    const cycle = edges.find((edge) => edge.id === '69')!;
    // It runs against the flow, right to left.
    expect(x(cycle.source)).toBeGreaterThan(x(cycle.target));
    expect(cycle.label).toBe('存在循环依赖');
    expect(cycle.style).toMatchObject({ stroke: '#ff4d4f', strokeDasharray: '6 4' });
    expect(cycle.className).toBe('dag-edge--cycle');
    for (const edge of edges.filter((other) => other.id !== '69')) {
      expect(edge.className).toBeUndefined();
      expect(String(edge.label ?? '')).not.toContain('循环');
    }
  });
});
