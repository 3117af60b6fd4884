import { buffer } from 'node:stream/consumers';
import type { Storage } from './storage';

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
/** A Word document's directory lists some hundreds of parts; a larger one is not worth reading. */
const DIRECTORY_MAX = 1024 * 1024;
const WORD_PARTS = ['[Content_Types].xml', 'word/document.xml'];

/** The names in a stored zip's central directory, read from its end without loading the whole file. */
async function zipEntryNames(storage: Storage, key: string, size: number): Promise<string[] | null> {
  const tailStart = Math.max(0, size - END_SEARCH);
  const tail = await buffer(storage.get(key, { start: tailStart, end: size - 1 }));
  const end = tail.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end + 22 > tail.length) return null;
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryStart = tail.readUInt32LE(end + 16);
  if (directorySize === 0 || directorySize > DIRECTORY_MAX || directoryStart + directorySize > tailStart + end) return null;
  const directory = await buffer(storage.get(key, { start: directoryStart, end: directoryStart + directorySize - 1 }));
  const names: string[] = [];
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === DIRECTORY_ENTRY; ) {
    const nameLength = directory.readUInt16LE(at + 28);
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return names;
}

/** A .docx is an OOXML word-processing package: its zip directory lists the content types and the document part. */
export async function isWordDocument(storage: Storage, key: string, size: number): Promise<boolean> {
  const names = await zipEntryNames(storage, key, size);
  return WORD_PARTS.every((part) => names?.includes(part));
}
