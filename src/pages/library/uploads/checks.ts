/**
 * The client-side checks and texts of the upload widgets (spec workspace §5, §9;
 * platform §2, §9). Pure functions: a file description in, a message or null out.
 * The server checks the content again (docs/design/uploads-and-files.md, "Upload checks").
 */

/** What the checks need of a File. */
interface FileFacts {
  name: string;
  type: string;
  size: number;
}

export type ImagePurpose = 'cover' | 'material' | 'avatar';

export const MB = 1024 * 1024;

export const uploadTexts = {
  imageType: '请上传正确的文件格式！',
  documentType: '请上传正确的文件格式!',
  reportFileSize: '上传文件不能超过 40MB!',
  queueFull: '文件上传已达到最大上限数',
  uploadError: '上传出错！请检查后重新上传！错误代码',
  uploading: '上传中',
  success: '上传成功',
  transcoded: '上传成功，转码成功',
  transcodeFailed: '上传成功，转码失败',
  transcoding: '上传成功，转码中',
  failure: '上传失败',
  clickToUpload: '点击上传图片',
} as const;

/** Limit and size message of each image purpose. */
const imageRules: Record<ImagePurpose, { maxBytes: number; sizeMessage: string }> = {
  cover: { maxBytes: 2 * MB, sizeMessage: '上传图片大小不能超过 2MB!' },
  material: { maxBytes: 10 * MB, sizeMessage: '上传图片大小不能超过 10MB!' },
  avatar: { maxBytes: 1 * MB, sizeMessage: '上传头像图片大小不能超过 1MB!' },
};

export const REPORT_FILE_MAX_BYTES = 40 * MB;
export const CHUNKED_FILE_MAX_BYTES = 2_048_000;
export const CHUNK_BYTES = 2 * MB;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx'];

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file name without its extension: the report name the bulk upload derives from a file. */
export function baseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** An image (cover, material, avatar): JPEG or PNG by both type and extension, under the purpose's limit. */
export function checkImage(file: FileFacts, purpose: ImagePurpose): string | null {
  if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.includes(extensionOf(file.name))) return uploadTexts.imageType;
  const rule = imageRules[purpose];
  return file.size > rule.maxBytes ? rule.sizeMessage : null;
}

/** A report file: doc, docx or pdf (pdf only in the `pdfOnly` variant), at most 40MB. */
export function checkReportFile(file: FileFacts, options: { pdfOnly?: boolean; maxBytes?: number } = {}): string | null {
  const allowed = options.pdfOnly ? ['pdf'] : DOCUMENT_EXTENSIONS;
  if (!allowed.includes(extensionOf(file.name))) return uploadTexts.documentType;
  return file.size > (options.maxBytes ?? REPORT_FILE_MAX_BYTES) ? uploadTexts.reportFileSize : null;
}

/** The bulk per-file limit in the spec's "2M" wording: megabytes of 1000 × 1024 bytes. */
export function chunkedSizeMessage(maxFileBytes: number): string {
  return `文件大小不能超过 ${chunkedLimit(maxFileBytes)}`;
}

/** 2048000 → "2M". */
export const chunkedLimit = (bytes: number) => `${Math.round((bytes / 1024_000) * 100) / 100}M`;

/** A file of the bulk (chunked) upload: .pdf, .doc or .docx, at most `maxFileBytes`. */
export function checkChunkedFile(file: FileFacts, maxFileBytes = CHUNKED_FILE_MAX_BYTES): string | null {
  if (!DOCUMENT_EXTENSIONS.includes(extensionOf(file.name))) return uploadTexts.documentType;
  return file.size > maxFileBytes ? chunkedSizeMessage(maxFileBytes) : null;
}

/** How many of `adding` files fit in a queue of `queued` files holding at most `maxFiles`. */
export function roomInQueue(queued: number, adding: number, maxFiles: number): number {
  return Math.max(0, Math.min(adding, maxFiles - queued));
}

/** The bulk upload's error text, followed by the HTTP status or error code. */
export function uploadErrorText(code: string | number | undefined): string {
  return `${uploadTexts.uploadError} ${code ?? ''}`.trimEnd();
}

/** The fields of a file answer that decide the report file's status text. */
interface TranscodeFacts {
  status?: 0 | 1 | null;
  transcode?: string;
}

/** The status text after a report file arrived (spec §4 "Upload status text"). */
export function uploadedText(answer: TranscodeFacts): string {
  if (answer.status === 0 || answer.transcode === 'done') return uploadTexts.transcoded;
  if (answer.status === 1 || answer.transcode === 'failed') return uploadTexts.transcodeFailed;
  if (answer.transcode === 'pending') return uploadTexts.transcoding;
  return uploadTexts.success;
}

export const uploadingText = (percent: number) => `${uploadTexts.uploading} ${Math.floor(percent)}%`;

/** A built-in default cover, as the server accepts it without an upload. */
export const BUILTIN_COVER = /^\/covers\/[a-z0-9-]+\.(png|jpe?g|svg)$/;
export const isBuiltinCover = (url: string | undefined | null): boolean => !!url && BUILTIN_COVER.test(url);
