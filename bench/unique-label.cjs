/* global module, process */
// autocannon's setupRequest for the mixed load (a file, since its worker thread require()s it):
// every label create gets a name no other has.
let sent = 0;
const run = Math.random().toString(36).slice(2, 8);
module.exports = (request) => ({ ...request, body: JSON.stringify({ name: `压测${run}${process.pid}-${sent++}` }) });
