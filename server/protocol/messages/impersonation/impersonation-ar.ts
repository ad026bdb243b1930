// Arabic messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "انتحال الهوية: أنت مسجَّل الدخول باسم {user}. لا يمكن تغيير كلمات المرور أو المصادقة متعددة العوامل أو مفاتيح المرور في هذه الجلسة.",
  end: "إنهاء انتحال الهوية",
} satisfies Catalogue<ImpersonationKey>;
