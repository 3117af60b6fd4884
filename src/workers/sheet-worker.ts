import type { SheetAnswer } from '../lib/spreadsheet/grid';
import { answerSheetRequest } from '../lib/spreadsheet/parse';
import type { SheetRequest } from '../lib/spreadsheet/worker-client';

// The xlsx library reads user files here, away from the app's objects (it has unfixed advisories
// for crafted files); the app receives only arrays of strings.
interface WorkerScope {
  onmessage: ((event: MessageEvent<SheetRequest>) => void) | null;
  postMessage: (answer: SheetAnswer) => void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<SheetRequest>) => scope.postMessage(answerSheetRequest(event.data));
