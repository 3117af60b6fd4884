/**
 * Work left for after the app's whole React tree is gone (a host shell's unmount): what the
 * unmounting screens do last, like a query observer scheduling its cache's garbage collection
 * as it unsubscribes, happens after their parents' effect cleanups.
 */
const tasks = new Set<() => void>();

export function afterAppUnmount(task: () => void): void {
  tasks.add(task);
}

export function runAfterAppUnmount(): void {
  tasks.forEach((task) => task());
  tasks.clear();
}
