import { REGION_PAYLOAD_KEYS, type RegionLevel, type RegionNode, type RegionPath, type RegionPayload } from '../../../contract/results';

/** An option of the region cascader: a region by name under its parent. */
export interface RegionOption {
  value: string;
  label: string;
  /** Only regions at the wanted level may be chosen for generation; shallower dead ends may not. */
  disabled?: boolean;
  children?: RegionOption[];
}

/**
 * The cascader's options from the tree: names as values (unique among siblings), no empty
 * submenus. With `exactLevel`, a branch that ends above that level cannot be chosen.
 */
export function regionOptions(nodes: RegionNode[], exactLevel?: RegionLevel): RegionOption[] {
  return nodes.map((node) => {
    const children = node.children.length ? regionOptions(node.children, exactLevel) : undefined;
    const deadEnd = exactLevel !== undefined && !children && node.level < exactLevel;
    return { value: node.name, label: node.name, ...(children ? { children } : {}), ...(deadEnd ? { disabled: true } : {}) };
  });
}

/** The paths cut to `level` (a filter set for a deeper dimension keeps its regions' ancestors), without repeats. */
export function pathsAtMost(paths: RegionPath[], level: number): RegionPath[] {
  const seen = new Set<string>();
  return paths
    .map((path) => path.slice(0, level))
    .filter((path) => {
      const key = JSON.stringify(path);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The regions at `level` under each of these paths (a filter's street is its communities when
 * generating per community), in tree order, from a tree cut at `level`.
 */
export function pathsAtLevel(nodes: RegionNode[], paths: RegionPath[], level: RegionLevel): RegionPath[] {
  const found: RegionPath[] = [];
  const collect = (node: RegionNode, path: RegionPath) => {
    if (node.level === level) found.push(path);
    else node.children.forEach((child) => collect(child, [...path, child.name]));
  };
  for (const path of paths) {
    let scope = nodes;
    let node: RegionNode | undefined;
    for (const name of path.slice(0, level)) {
      node = scope.find((candidate) => candidate.name === name);
      if (!node) break;
      scope = node.children;
    }
    if (node) collect(node, path.slice(0, level));
  }
  return pathsAtMost(found, level);
}

/** A region path from the province down as a `data_list` entry: levels 3 to 7 are area … loudong. */
export function regionPayload(path: RegionPath): RegionPayload {
  const entry: RegionPayload = {};
  path.slice(2).forEach((name, index) => {
    const key = REGION_PAYLOAD_KEYS[index];
    if (key) entry[key] = name;
  });
  return entry;
}

/** The region's own name with its district and street, as a planner names it (示例市东城区 › 和平街道 › 幸福社区). */
export const regionName = (path: RegionPath) => path.slice(2).join(' › ') || path.join(' › ');

/** Reads the `regions` query value (a JSON list of paths); anything else is no filter. */
export function readRegions(text: string | null): RegionPath[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((path): path is RegionPath => Array.isArray(path) && path.length > 0 && path.every((name) => typeof name === 'string')) : [];
  } catch {
    return [];
  }
}
