// nodemailer, the largest library authd uses (650 KB of code): loaded with the first email.
export { default } from 'nodemailer';
