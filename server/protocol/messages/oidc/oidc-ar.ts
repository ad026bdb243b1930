// Arabic messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "هل تسمح لـ {client}؟",
  'consent.intro': "يريد {client} استخدام حسابك في {project}. سيتمكّن من:",
  'consent.signedInAs': "مسجّل الدخول باسم {user}",
  'consent.allow': "السماح",
  'consent.deny': "إلغاء",
  'scope.openid': "معرفة هويتك (معرّف حسابك)",
  'scope.profile': "رؤية اسمك وصورة ملفك الشخصي",
  'scope.email': "رؤية عنوان بريدك الإلكتروني",
  'scope.offline_access': "إبقاؤك مسجّل الدخول حتى عندما لا تستخدمه",
  'scope.teams': "رؤية الفرق التي تنتمي إليها",
  'error.title': "تعذّر إكمال طلب تسجيل الدخول هذا",
  'error.hint': "عُد إلى التطبيق وحاول مرة أخرى، أو أبلغ مسؤوله.",
  'signedOut.title': "لقد سجّلت الخروج",
  'signedOut.body': "يمكنك إغلاق هذه النافذة.",
} satisfies Catalogue<OidcPagesKey>;
