export { ImageUpload } from './image-upload';
export { DefaultCoverPicker, DEFAULT_COVER } from './default-cover-picker';
export { ReportFileUpload, type ReportFileValue } from './report-file-upload';
export { ChunkedUpload, type ChunkedFile } from './chunked-upload';
export { fileSrc } from '../../../providers/files';
export * from './checks';
export { SameContentNote, sameContentText } from './same-content';
