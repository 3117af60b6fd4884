import { AppError, ErrorCode } from '../../lib/errors';

export const SIGN_IN_RULES = { perAddress: 20, windowMs: 15 * 60_000 };

/**
 * Wrong password sign-ins per client address in the last 15 minutes, so one address cannot
 * guess across many accounts. An attempt counts before its password is checked (parallel
 * attempts cannot slip past) and is taken back when the password was right.
 */
export function signInAddressLimit(rules = SIGN_IN_RULES) {
  const attempts = new Map<string, number[]>();
  const forgetOld = (now: number) => {
    for (const [address, list] of attempts) if (list.every((at) => now - at >= rules.windowMs)) attempts.delete(address);
  };
  return {
    take(address: string, now = Date.now()): () => void {
      if (attempts.size > 10_000) forgetOld(now);
      const recent = (attempts.get(address) ?? []).filter((at) => now - at < rules.windowMs);
      if (recent.length >= rules.perAddress) {
        attempts.set(address, recent);
        throw new AppError(429, ErrorCode.tooManyRequests, '登录尝试过于频繁，请稍后再试');
      }
      recent.push(now);
      attempts.set(address, recent);
      return () => {
        const list = attempts.get(address) ?? [];
        const index = list.indexOf(now);
        if (index >= 0) list.splice(index, 1);
        if (list.length === 0) attempts.delete(address);
      };
    },
  };
}
