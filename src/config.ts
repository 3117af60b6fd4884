/** Base URLs of the two services; empty means the app's own origin. */
export const config = {
  apiBase: import.meta.env.VITE_API_BASE ?? '',
  reportBase: import.meta.env.VITE_REPORT_BASE ?? '',
};

export const productTitle = '报告管理工作台';
