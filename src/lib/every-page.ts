/** Every row of a paged list, one page at a time (pages count from 1) until a page is empty or the total is reached. */
export async function everyPage<T>(page: (pageNo: number) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const all: T[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const { data, total } = await page(pageNo);
    all.push(...data);
    if (data.length === 0 || all.length >= total) return all;
  }
}
