// Arabic text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "أكّد بريدك الإلكتروني في {{ projectDisplayName }}",
  'verification.heading': "أكّد بريدك الإلكتروني في {{ projectDisplayName }}",
  'verification.greeting': "مرحبًا {{ userDisplayName }}، يُرجى تأكيد أن هذا عنوان بريدك الإلكتروني.",
  'verification.button': "تأكيد بريدي الإلكتروني",
  'verification.note': "إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.",
  'reset.subject': "أعد تعيين كلمة المرور في {{ projectDisplayName }}",
  'reset.heading': "أعد تعيين كلمة المرور في {{ projectDisplayName }}",
  'reset.greeting': "مرحبًا {{ userDisplayName }}، طلب أحدهم إعادة تعيين كلمة مرور حسابك.",
  'reset.button': "اختيار كلمة مرور جديدة",
  'reset.note': "إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.",
  'magicLink.subject': "تسجيل الدخول إلى {{ projectDisplayName }}: رمزك هو {{ otp }}",
  'magicLink.heading': "تسجيل الدخول إلى {{ projectDisplayName }}",
  'magicLink.codeIntro': "رمز تسجيل الدخول الخاص بك:",
  'magicLink.button': "تسجيل الدخول",
  'magicLink.note': "إذا لم تحاول تسجيل الدخول، يمكنك تجاهل هذه الرسالة.",
  'invitation.subject': "تمت دعوتك للانضمام إلى {{ teamDisplayName }} في {{ projectDisplayName }}",
  'invitation.heading': "انضم إلى {{ teamDisplayName }}",
  'invitation.text': "مرحبًا {{ userDisplayName }}، تمت دعوتك للانضمام إلى {{ teamDisplayName }} في {{ projectDisplayName }}.",
  'invitation.button': "الانضمام إلى الفريق",
  'invitation.note': "إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.",
} satisfies Catalogue<EmailsKey>;
