import type { UploadLimits } from '../../config';
import { SCRIPT_EXTENSIONS_MESSAGE } from '../../../contract/workflows';
import type { FileType } from '../../lib/file-types';

export interface UploadRule {
  types: FileType[];
  limit: number;
  typeMessage: string;
  sizeMessage: string;
}

export const PURPOSES = ['cover', 'avatar', 'material', 'report', 'report_pdf', 'chunked', 'script'] as const;
export type Purpose = (typeof PURPOSES)[number];

const IMAGES: FileType[] = ['jpeg', 'png'];
const DOCUMENTS: FileType[] = ['pdf', 'doc', 'docx'];
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100}MB`;

/** The checks of spec section 5 for each kind of upload; the limits are settings. */
export function uploadRule(purpose: Purpose, limits: UploadLimits): UploadRule {
  switch (purpose) {
    case 'cover':
      return { types: IMAGES, limit: limits.cover, typeMessage: '请上传正确的文件格式！', sizeMessage: `上传图片大小不能超过 ${megabytes(limits.cover)}!` };
    case 'avatar':
      return { types: IMAGES, limit: 1024 * 1024, typeMessage: '请上传正确的文件格式！', sizeMessage: '上传头像图片大小不能超过 1MB!' };
    case 'material':
      return {
        types: IMAGES,
        limit: limits.materialImage,
        typeMessage: '请上传正确的文件格式！',
        sizeMessage: `上传图片大小不能超过 ${megabytes(limits.materialImage)}!`,
      };
    case 'report':
    case 'report_pdf':
      return {
        types: purpose === 'report' ? DOCUMENTS : ['pdf'],
        limit: limits.reportFile,
        typeMessage: '请上传正确的文件格式!',
        sizeMessage: `上传文件不能超过 ${megabytes(limits.reportFile)}!`,
      };
    case 'chunked':
      // The spec's bulk limit is 2048000 bytes, which its message calls 2M (1000 × 1024 bytes a megabyte).
      return {
        types: DOCUMENTS,
        limit: limits.chunkedFile,
        typeMessage: '请上传正确的文件格式!',
        sizeMessage: `上传文件不能超过 ${Math.round((limits.chunkedFile / 1024_000) * 100) / 100}M!`,
      };
    case 'script':
      return {
        types: ['script'],
        limit: limits.scriptFile,
        typeMessage: SCRIPT_EXTENSIONS_MESSAGE,
        sizeMessage: `脚本文件不能超过 ${megabytes(limits.scriptFile)}!`,
      };
  }
}

/** Without a purpose, an upload is checked as a cover if it is an image, else as a report file. */
export const defaultPurpose = (type: FileType | null): Purpose => (type === 'jpeg' || type === 'png' ? 'cover' : 'report');
