/**
 * The tables a project's data holds for the 成果 area, beside the region table (REGION_TABLE of
 * contract/results.ts). The demo warehouse's seed makes them; a project's own database names them alike.
 */

/** One row per indicator of a dimension at a region level: code, level, dimension, name, unit, standard, direction, sort_order. */
export const INDICATOR_TABLE = 'indicator_catalogue';
/** One row per region and indicator: indicator_code, level, the region's columns down to its level (null below), value (null: missing). */
export const VALUE_TABLE = 'indicator_value';
