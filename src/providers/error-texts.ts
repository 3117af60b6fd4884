/** The texts of the error catalogue, spec section 8 (apart from http.ts so that screens without the HTTP layer can word a failure). */
export const errorTexts = {
  generic: '接口发生错误',
  otherDevice: '该账号已在其他设备登录，请重新登录',
  expired: '登录状态过期或不可用，请重试',
  forbidden: '您暂无权限访问该接口',
  deleteFailed: '删除失败',
} as const;
