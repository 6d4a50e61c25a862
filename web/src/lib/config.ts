/** Runtime configuration, served by the stack as /config.json next to the app (never bundled). */
export interface RuntimeConfig {
  apiUrl: string;
  wsUrl: string;
  /**
   * Binance's public market streams (the combined-stream endpoint, e.g.
   * wss://stream.binance.com:9443/stream; the paper exchange's locally): the ticker reads prices
   * there directly, and falls back to ours (push or poll) where it cannot. Absent: ours only.
   */
  marketStreamUrl?: string;
  cognito: {
    userPoolId: string;
    userPoolClientId: string;
    endpoint?: string;
    authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  };
  /** Trendex's social pages, where the deployment has them; the footer shows only these. */
  social?: Partial<Record<'x' | 'telegram' | 'linkedin' | 'youtube', string>>;
}

let current: RuntimeConfig | null = null;

export async function loadConfig(): Promise<RuntimeConfig> {
  // the preload of index.html answers this (no cache option: a different one would fetch again);
  // the file is served no-cache, so the browser revalidates it on each load all the same
  const res = await fetch('/config.json');
  if (!res.ok) throw new Error(`GET /config.json answered ${res.status}`);
  const body = (await res.json()) as RuntimeConfig;
  if (!body.apiUrl || !body.cognito?.userPoolId || !body.cognito?.userPoolClientId) {
    throw new Error('config.json lacks apiUrl or cognito settings');
  }
  current = { ...body, apiUrl: body.apiUrl.replace(/\/+$/, '') };
  return current;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet');
  return current;
}
