import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { entryName, uniqueNames, urlExtension, zipFiles } from '../../src/lib/zip';

const text = (value: string) => new Blob([value], { type: 'text/plain' });

describe('zip helpers', () => {
  it('names an entry by its original file name, else by its name and the file extension', () => {
    expect(entryName({ name: '年度报告', real_file_name: '2024 年度报告.pdf', file: '/api/uploader/v1/files/1/x.pdf' })).toBe('2024 年度报告.pdf');
    expect(entryName({ name: '年度报告', real_file_name: null, file: '/api/uploader/v1/files/1/abc.DOCX' })).toBe('年度报告.docx');
    expect(entryName({ name: '封面.png', real_file_name: '', file: '/api/uploader/v1/files/2/a.png' })).toBe('封面.png');
    expect(urlExtension('/api/uploader/v1/files/3/%E6%8A%A5%E5%91%8A.pdf?download=1')).toBe('.pdf');
    expect(urlExtension('/api/uploader/v1/files/3/noextension')).toBe('');
  });

  it('makes repeated names unique, ignoring case', () => {
    expect(uniqueNames(['a.pdf', 'b.pdf', 'a.pdf', 'A.pdf', 'a(1).pdf', 'readme'])).toEqual([
      'a.pdf',
      'b.pdf',
      'a(1).pdf',
      'A(2).pdf',
      'a(1)(1).pdf',
      'readme',
    ]);
  });

  it('zips what arrived, names what failed, and reports progress up to 100', async () => {
    const files: Record<string, string> = { '/f/1': 'first', '/f/3': 'third' };
    const progress: number[] = [];
    const { blob, failed } = await zipFiles(
      [
        { name: '报告.pdf', url: '/f/1' },
        { name: '坏文件.pdf', url: '/f/2' },
        { name: '报告.pdf', url: '/f/3' },
      ],
      async (url) => {
        if (!(url in files)) throw new Error('Failed to fetch');
        return text(files[url]);
      },
      (percent) => progress.push(percent),
    );
    expect(failed).toEqual(['坏文件.pdf']);
    const zip = await JSZip.loadAsync(await blob!.arrayBuffer());
    expect(Object.keys(zip.files)).toEqual(['报告.pdf', '报告(1).pdf']);
    expect(await zip.file('报告(1).pdf')!.async('string')).toBe('third');
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('answers no archive when every file failed', async () => {
    const { blob, failed } = await zipFiles([{ name: 'a.pdf', url: '/x' }], () => Promise.reject(new Error('offline')));
    expect(blob).toBeNull();
    expect(failed).toEqual(['a.pdf']);
  });
});
