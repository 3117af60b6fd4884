import { describe, expect, it } from 'vitest';
import { pathsAtMost, readRegions, regionOptions, regionPayload } from '../../src/pages/results/regions';
import { demoTree, treeAt } from './results-fixtures';

describe('成果 regions', () => {
  it('offers the tree without empty submenus, and for generation no branch that ends above the level', () => {
    const tree = treeAt(demoTree, 5);
    // A street with no community in the data: a dead end at level 4.
    tree[0].children[0].children[1].children.push({ name: '空白街道', level: 4, children: [] });
    const city = regionOptions(tree)[0].children![0];
    expect(city.children!.map((district) => district.label)).toEqual(['东城区', '西城区']);
    expect(city.children![0].children![0].children!.map((community) => community.children)).toEqual([undefined, undefined]);
    const forGeneration = regionOptions(tree, 5)[0].children![0].children![1].children!;
    expect(forGeneration.find((street) => street.value === '空白街道')?.disabled).toBe(true);
    expect(forGeneration.find((street) => street.value === '长安街道')?.disabled).toBeUndefined();
  });

  it('names a region for the payload from the district down, and cuts filters to a shallower level', () => {
    expect(regionPayload(['示例省', '示例市', '东城区', '和平街道', '幸福社区', '幸福小区', '1号楼'])).toEqual({
      area: '东城区',
      street: '和平街道',
      community: '幸福社区',
      village: '幸福小区',
      loudong: '1号楼',
    });
    expect(regionPayload(['示例省', '示例市', '东城区'])).toEqual({ area: '东城区' });
    expect(
      pathsAtMost(
        [
          ['示例省', '示例市', '东城区', '和平街道', '幸福社区'],
          ['示例省', '示例市', '东城区', '和平街道', '光明社区'],
          ['示例省', '示例市', '西城区'],
        ],
        4,
      ),
    ).toEqual([
      ['示例省', '示例市', '东城区', '和平街道'],
      ['示例省', '示例市', '西城区'],
    ]);
  });

  it('reads only lists of name paths from the regions query', () => {
    expect(readRegions('[["示例省","示例市"]]')).toEqual([['示例省', '示例市']]);
    expect(readRegions('[["示例省",3],[],"x"]')).toEqual([]);
    expect(readRegions('not json')).toEqual([]);
    expect(readRegions(null)).toEqual([]);
  });
});
