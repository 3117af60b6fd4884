export { ImageUpload, type ImageUploadProps } from './image-upload';
export { DefaultCoverPicker, DEFAULT_COVER, DEFAULT_COVERS, type DefaultCoverPickerProps } from './default-cover-picker';
export { ReportFileUpload, type ReportFileUploadProps, type ReportFileValue } from './report-file-upload';
export { ChunkedUpload, type ChunkedFile, type ChunkedUploadProps } from './chunked-upload';
export { fileSrc, type UploadedFile } from '../../../providers/files';
export * from './checks';
