import type { ResultItemExtra } from '../../../contract/results';
import type { LibraryItem } from '../library/types';

/** A report of the results list: a library report with its region, dimension and indicator counts. */
export type ResultItem = LibraryItem & Partial<ResultItemExtra>;
