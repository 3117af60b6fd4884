export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export { DefaultCoverPicker, DEFAULT_COVER, DEFAULT_COVERS, type DefaultCoverPickerProps } from './DefaultCoverPicker';
export { ReportFileUpload, type ReportFileUploadProps, type ReportFileValue } from './ReportFileUpload';
export { ChunkedUpload, type ChunkedFile, type ChunkedUploadProps } from './ChunkedUpload';
export { fileSrc, type UploadedFile } from './api';
export * from './checks';
