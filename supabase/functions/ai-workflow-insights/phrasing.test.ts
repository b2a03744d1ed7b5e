import { describe, expect, it } from 'vitest';
import { acceptedPhrasings, numbersIn, phrasingPrompt, type InsightCandidate } from './phrasing.ts';

const candidate: InsightCandidate = {
  insight_type: 'efficiency_pattern',
  subject_agent_id: '11111111-1111-4111-8111-111111111111',
  title: 'Alex is answering tasks more slowly',
  description: "Alex's median response time rose from 4.0 hours to 12.0 hours, 3.0 times slower.",
  recommendation: 'Check in with Alex.',
  confidence: 0.83,
  trigger_condition: { agentId: '11111111-1111-4111-8111-111111111111', medianBefore: 4, medianRecent: 12, nBefore: 3 },
};

describe('workflow insight phrasing', () => {
  it('reads numbers with or without decimals', () => {
    expect(numbersIn('from 4.0 to 12 hours, 75%'), 'every number is found').toEqual([4, 12, 75]);
  });

  it('accepts a phrasing with the same count and only the statistics’ numbers', () => {
    const ok = [{ description: 'Alex now needs 12 hours instead of 4.', recommendation: 'Talk to Alex this week.' }];
    expect(acceptedPhrasings([candidate], ok), 'faithful phrasing is used').toEqual(ok);
  });

  it('refuses another count or a number the statistics do not contain', () => {
    expect(acceptedPhrasings([candidate], []), 'a missing phrasing is refused').toBeNull();
    const invented = [{ description: 'Alex needs 15 hours now.', recommendation: 'Talk to Alex.' }];
    expect(acceptedPhrasings([candidate], invented), 'an invented number is refused').toBeNull();
  });

  it('the prompt carries the statistics but no account ids', () => {
    const prompt = phrasingPrompt([candidate]);
    expect(prompt, 'the statistics are there').toContain('12.0 hours');
    expect(prompt, 'the agent id is not').not.toContain(candidate.subject_agent_id);
  });
});
