import { describe, expect, it } from 'vitest';
import { chunkCount, missingChunks } from '../../src/providers/chunked-upload';
import {
  baseName,
  checkChunkedFile,
  checkImage,
  checkReportFile,
  chunkedSizeMessage,
  extensionOf,
  isBuiltinCover,
  roomInQueue,
  uploadedText,
  uploadErrorText,
  uploadingText,
} from '../../src/pages/library/uploads/checks';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload checks', () => {
  it('reads extensions and report names from file names', () => {
    expect(extensionOf('城市体检报告.PDF')).toBe('pdf');
    expect(extensionOf('a.tar.docx')).toBe('docx');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
    expect(baseName('2024 城市体检报告.docx')).toBe('2024 城市体检报告');
    expect(baseName('C:\\docs\\体检.v2.pdf')).toBe('体检.v2');
    expect(baseName('README')).toBe('README');
  });

  it('takes JPEG and PNG images by type and extension, within the purpose limit', () => {
    expect(checkImage(file('封面.png', 'image/png'), 'cover')).toBeNull();
    expect(checkImage(file('封面.JPG', 'image/jpeg'), 'cover')).toBeNull();
    expect(checkImage(file('封面.jpeg', 'image/jpeg'), 'cover')).toBeNull();
    expect(checkImage(file('封面.gif', 'image/gif'), 'cover')).toBe('请上传正确的文件格式！');
    expect(checkImage(file('封面.png', 'application/pdf'), 'cover')).toBe('请上传正确的文件格式！');
    expect(checkImage(file('封面.pdf', 'image/png'), 'cover')).toBe('请上传正确的文件格式！');
    expect(checkImage(file('封面.png', ''), 'cover')).toBe('请上传正确的文件格式！');

    expect(checkImage(file('a.png', 'image/png', 2 * MB), 'cover')).toBeNull();
    expect(checkImage(file('a.png', 'image/png', 2 * MB + 1), 'cover')).toBe('上传图片大小不能超过 2MB!');
    expect(checkImage(file('a.png', 'image/png', 10 * MB), 'material')).toBeNull();
    expect(checkImage(file('a.png', 'image/png', 10 * MB + 1), 'material')).toBe('上传图片大小不能超过 10MB!');
    expect(checkImage(file('a.png', 'image/png', MB + 1), 'avatar')).toBe('上传头像图片大小不能超过 1MB!');
    // The type is judged before the size.
    expect(checkImage(file('a.gif', 'image/gif', 20 * MB), 'cover')).toBe('请上传正确的文件格式！');
  });

  it('takes doc, docx and pdf report files up to 40MB, pdf only in the pdf variant', () => {
    for (const name of ['a.pdf', 'a.doc', 'a.DOCX']) expect(checkReportFile(file(name, ''))).toBeNull();
    expect(checkReportFile(file('a.xlsx', ''))).toBe('请上传正确的文件格式!');
    expect(checkReportFile(file('a.docx', ''), { pdfOnly: true })).toBe('请上传正确的文件格式!');
    expect(checkReportFile(file('a.pdf', 'application/pdf'), { pdfOnly: true })).toBeNull();
    expect(checkReportFile(file('a.pdf', '', 40 * MB))).toBeNull();
    expect(checkReportFile(file('a.pdf', '', 40 * MB + 1))).toBe('上传文件不能超过 40MB!');
  });

  it('takes bulk files up to 2048000 bytes and words the limit in M', () => {
    expect(checkChunkedFile(file('a.pdf', '', 2_048_000))).toBeNull();
    expect(checkChunkedFile(file('a.pdf', '', 2_048_001))).toBe('文件大小不能超过 2M');
    expect(checkChunkedFile(file('a.txt', ''))).toBe('请上传正确的文件格式!');
    expect(checkChunkedFile(file('a.pdf', '', 6_000_000), 10_240_000)).toBeNull();
    expect(chunkedSizeMessage(10_240_000)).toBe('文件大小不能超过 10M');
    expect(chunkedSizeMessage(1_536_000)).toBe('文件大小不能超过 1.5M');
  });

  it('counts the room left in the queue', () => {
    expect(roomInQueue(0, 3, 20)).toBe(3);
    expect(roomInQueue(18, 5, 20)).toBe(2);
    expect(roomInQueue(20, 1, 20)).toBe(0);
    expect(roomInQueue(25, 1, 20)).toBe(0);
  });

  it('splits files into chunks and finds the missing ones', () => {
    expect(chunkCount(0, 1024)).toBe(1);
    expect(chunkCount(1024, 1024)).toBe(1);
    expect(chunkCount(1025, 1024)).toBe(2);
    expect(chunkCount(5 * MB, MB)).toBe(5);
    expect(missingChunks(5, [0, 3])).toEqual([1, 2, 4]);
    expect(missingChunks(3, [0, 1, 2])).toEqual([]);
  });

  it('words the status and error texts', () => {
    expect(uploadingText(42.7)).toBe('上传中 42%');
    expect(uploadedText({ status: 0, transcode: 'done' })).toBe('上传成功，转码成功');
    expect(uploadedText({ status: 1, transcode: 'failed' })).toBe('上传成功，转码失败');
    expect(uploadedText({ status: null, transcode: 'pending' })).toBe('上传成功，转码中');
    expect(uploadedText({ status: null, transcode: 'unavailable' })).toBe('上传成功');
    expect(uploadedText({ status: null, transcode: 'none' })).toBe('上传成功');
    expect(uploadErrorText(500)).toBe('上传出错！请检查后重新上传！错误代码 500');
    expect(uploadErrorText('ERR_NETWORK')).toBe('上传出错！请检查后重新上传！错误代码 ERR_NETWORK');
  });

  it('recognizes the built-in covers the server accepts', () => {
    expect(isBuiltinCover('/covers/default-1.png')).toBe(true);
    expect(isBuiltinCover('/covers/default-5.png')).toBe(true);
    expect(isBuiltinCover('/covers/../etc.png')).toBe(false);
    expect(isBuiltinCover('/api/uploader/v1/files/1/a.png')).toBe(false);
    expect(isBuiltinCover(undefined)).toBe(false);
  });
});
