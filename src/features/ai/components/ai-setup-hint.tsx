const codeClass = 'bg-muted text-foreground rounded px-1 font-mono text-xs';

/** One line of supabase/functions/.env, shown as typed. */
function EnvLine({ children }: { children: string }) {
  return <code className={`${codeClass} block w-fit py-0.5 break-all`}>{children}</code>;
}

/**
 * How whoever runs this installation turns AI on, the two fastest ways, with
 * the exact variables (docs/ai.md has the others). People who
 * do not run the installation read it as "ask your administrator".
 */
export function AiSetupHint() {
  return (
    <div className="text-muted-foreground flex flex-col gap-2" data-testid="ai-setup-hint">
      <p>
        Whoever runs this installation turns it on in the Edge Functions&apos; environment (<code className={codeClass}>supabase/functions/.env</code> locally,
        then restart <code className={codeClass}>npm run dev</code>; project secrets on hosted Supabase), in one of two ways:
      </p>
      <ol className="flex list-decimal flex-col gap-2 pl-5 marker:text-foreground">
        <li>
          <div className="flex flex-col gap-1">
            <span>A model on this computer with Ollama (free, nothing leaves the machine): run a tool-capable model, e.g. qwen2.5, and set</span>
            <EnvLine>OPENAI_BASE_URL=http://127.0.0.1:11434/v1</EnvLine>
            <EnvLine>OPENAI_API_KEY=ollama</EnvLine>
            <EnvLine>OPENAI_MODEL=qwen2.5</EnvLine>
          </div>
        </li>
        <li>
          <div className="flex flex-col gap-1">
            <span>An OpenAI API key (model gpt-4o-mini unless OPENAI_MODEL says otherwise):</span>
            <EnvLine>OPENAI_API_KEY=sk-…</EnvLine>
          </div>
        </li>
      </ol>
      <p>The super administrator&apos;s System Settings show whether it is set.</p>
    </div>
  );
}
