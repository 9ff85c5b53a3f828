import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRequest, endpoint, inputLocation, pathParams } from './endpoint.ts';

const taskStatus = endpoint({
  method: 'GET',
  path: '/api/webcrawler/task/{id}/status',
  input: z.object({ id: z.coerce.number(), verbose: z.coerce.boolean().optional() }),
  output: z.object({ status: z.string() }),
  access: 'user',
  tag: 'webcrawler',
  summary: 'A task status',
  description: 'The status of one task.',
});

describe('endpoint contracts', () => {
  it('sends GET and DELETE input as the query string, everything else as the body', () => {
    expect(inputLocation('GET')).toBe('querystring');
    expect(inputLocation('DELETE')).toBe('querystring');
    expect(inputLocation('POST')).toBe('body');
    expect(inputLocation('PATCH')).toBe('body');
    expect(inputLocation('POST', true)).toBe('querystring');
  });

  it('fills path parameters from the input, encoded, and keeps them out of the query', () => {
    expect(pathParams(taskStatus.path)).toEqual(['id']);
    expect(buildRequest(taskStatus, { id: 'a/b', verbose: true })).toEqual({
      method: 'GET',
      url: '/api/webcrawler/task/a%2Fb/status?verbose=true',
    });
  });

  it("sends a multipart call's input as the query string (its body holds the files)", () => {
    const preupload = { method: 'POST' as const, path: '/api/storage/preupload', multipart: true as const };
    expect(buildRequest(preupload, { mode: 'image', plCompanyId: 4 })).toEqual({
      method: 'POST',
      url: '/api/storage/preupload?mode=image&plCompanyId=4',
    });
  });

  it('repeats array query fields and drops absent ones', () => {
    const listing = { ...taskStatus, path: '/api/webcrawler/scanUrlListing' };
    expect(
      buildRequest(listing, { plCompanyId: 3, statuses: ['processing', 'failed'], x: undefined }),
    ).toEqual({
      method: 'GET',
      url: '/api/webcrawler/scanUrlListing?plCompanyId=3&statuses=processing&statuses=failed',
    });
  });

  it('posts the input as the JSON body, without path parameters', () => {
    const patch = { ...taskStatus, method: 'PATCH' as const, path: '/api/webcrawler/complianceFinding/{id}' };
    expect(buildRequest(patch, { id: 7, isReviewed: true })).toEqual({
      method: 'PATCH',
      url: '/api/webcrawler/complianceFinding/7',
      body: { isReviewed: true },
    });
  });
});
