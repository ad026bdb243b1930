// nodemailer, the largest library authd uses (650 KB of code): loaded with the first email.
export { default } from 'nodemailer';
// One SMTP session without sending anything, for `authd doctor`'s check of the sender.
export { default as SMTPConnection } from 'nodemailer/lib/smtp-connection';
