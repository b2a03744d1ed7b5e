import { describe, expect, it } from 'vitest';
import { aiSetupLine } from './ai-setup.ts';

describe('aiSetupLine', () => {
  it('says AI is off and where to turn it on when no key is set', () => {
    const line = aiSetupLine({});
    expect(line, 'off is said first').toMatch(/^off: /);
    expect(line, 'names the file and the variable').toContain('OPENAI_API_KEY in supabase/functions/.env');
    expect(line, 'names the local Ollama setup').toContain('OPENAI_BASE_URL=http://127.0.0.1:11434/v1 + OPENAI_API_KEY=ollama');
  });

  it('treats a blank key as unset', () => {
    expect(aiSetupLine({ OPENAI_API_KEY: '  ' }), 'a blank key is no key').toMatch(/^off: /);
  });

  it('names the model and server when a key is set, never the key', () => {
    const line = aiSetupLine({ OPENAI_API_KEY: 'sk-secret', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'qwen2.5' });
    expect(line, 'model and server').toBe('on: qwen2.5 at http://127.0.0.1:11434/v1 (supabase/functions/.env)');
    expect(line, 'the key is never printed').not.toContain('sk-secret');
    expect(aiSetupLine({ OPENAI_API_KEY: 'sk-secret' }), 'defaults as the functions use them').toBe('on: gpt-4o-mini at OpenAI (supabase/functions/.env)');
  });
});
