import type { Plugin } from 'vite';

export declare const REPO_ROOT: string;
export declare function recordDir(workspaceDir: string, repoRoot?: string): string;
export declare function recordBuild(options?: { repoRoot?: string }): Plugin;
export declare function staleReason(workspaceDir: string, repoRoot?: string): string | null;
