// Arabic messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "التطبيقات التي سمحت لها بتسجيل دخولك بهذا الحساب، وما يمكن لكل منها رؤيته.",
  'apps.empty': "لا توجد تطبيقات متصلة بحسابك.",
  'apps.allowedOn': "سُمح له في {date}",
  'apps.revoke': "إلغاء الوصول",
  'apps.question': "هل تريد إلغاء وصول {app}؟ سيُسجَّل خروجك منه، وسيطلب إذنك مرة أخرى في المرة القادمة التي تستخدمه فيها.",
  'apps.confirm': "إلغاء الوصول",
  'apps.cancel': "تراجع",
  'apps.revoked': "لم يعد لـ {app} وصول إلى حسابك.",
  'apps.scope.openid': "معرفة هويتك (معرّف حسابك)",
  'apps.scope.profile': "رؤية اسمك وصورة ملفك الشخصي",
  'apps.scope.email': "رؤية عنوان بريدك الإلكتروني",
  'apps.scope.offline_access': "إبقاؤك مسجّل الدخول حتى عندما لا تستخدمه",
  'apps.scope.teams': "رؤية الفرق التي تنتمي إليها",
} satisfies Catalogue<ConnectedAppsKey>;
