/**
 * Mail into the local stack's inbound SMTP port, as a person's mail client
 * would send it (nodemailer), for the integration and browser tests of
 * mail-to-listing.
 */
import nodemailer from 'nodemailer';
import type { StackInfo } from './throwaway-stack.ts';

export interface InboundTestMail {
  from: string;
  to: string | string[];
  cc?: string;
  bcc?: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** The forwarding address of a listing (any domain is accepted while the admin settings name none). */
export const listingAddress = (listingId: string, domain = 'inbound.listingdesk.test') => `listing-${listingId}@${domain}`;

/** Sends one message through the SMTP listener; resolves with the SMTP answer (rejects on 5xx/4xx). */
export async function sendInboundMail(info: StackInfo, mail: InboundTestMail): Promise<{ response: string; messageId: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: info.smtpPort, secure: false, ignoreTLS: true });
  try {
    const sent = await transport.sendMail(mail);
    return { response: sent.response, messageId: sent.messageId };
  } finally {
    transport.close();
  }
}

/** A small valid PDF and JPEG, so byte-for-byte comparisons mean something. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const SAMPLE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
