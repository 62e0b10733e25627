// zod schemas of every request and response, for forms.
export * from './generated/zod';
