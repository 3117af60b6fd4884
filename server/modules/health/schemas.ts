import { Type } from '@sinclair/typebox';

const probe = (subject: string) =>
  Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('timeout')], { description: `${subject}：ok 正常，failed 出错，timeout 超时未应答` });

export const ReadinessChecks = Type.Object(
  {
    database: probe('数据库'),
    storage: probe('文件存储'),
    admission: Type.Union([Type.Literal('ok'), Type.Literal('saturated')], { description: '请求准入队列：ok 有余量，saturated 已满（新请求会被拒绝）' }),
  },
  { description: '各项检查的结果' },
);

export const Ready = Type.Object({ status: Type.Literal('ok'), checks: ReadinessChecks });

export const NotReady = Type.Object(
  { code: Type.Integer(), message: Type.String(), checks: ReadinessChecks },
  { description: '未就绪：message 说明哪项检查未通过' },
);
