// Types of server-borders.js for its unit test (the rule itself is plain JavaScript, as ESLint loads it).
import type { Rule } from 'eslint';

export const MODULE_BORDERS: Record<string, string[]>;
export const BASE_BORDERS: Record<string, string[]>;
export function serverPartOf(file: string, serverRoot: string): string | null;
export function allowedParts(part: string): string[] | null | undefined;
export const serverBorders: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
