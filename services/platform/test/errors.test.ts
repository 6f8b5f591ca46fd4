import { status } from '@grpc/grpc-js';
import { BILLING_MESSAGES, SCORM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, MESSAGES } from '../src/errors.js';

describe(AppError.name, () => {
  it('should carry its HTTP status and map it to a gRPC status', () => {
    const e = new AppError('COMPANY_NOT_FOUND', 'Company not found');
    expect(e.status).toBe(404);
    expect(e.grpcStatus).toBe(status.NOT_FOUND);
    expect(new AppError('PLAN_LIMIT_REACHED', 'x').grpcStatus).toBe(status.PERMISSION_DENIED);
    expect(new AppError('RATE_LIMITED', 'x').status).toBe(429);
  });

  it('should survive a trip through gRPC metadata with code, message and detail', () => {
    const original = new AppError('VALIDATION_FAILED', 'email must be an email address', { field: 'email' });
    const wire = original.toGrpc();
    const back = AppError.fromGrpc({ ...wire, message: '', name: 'Error' } as never);
    expect(back.toJSON()).toEqual({ code: 'VALIDATION_FAILED', message: 'email must be an email address', detail: { field: 'email' } });
  });

  it('should carry a catalogue message by id and arguments through gRPC to the one error body', () => {
    const original = new AppError('VALIDATION_FAILED', catalogueMessage(BILLING_MESSAGES, 'unknownPlan', 'gold'));
    expect(original.message).toBe(BILLING_MESSAGES.unknownPlan('gold'));
    const back = AppError.fromGrpc({ ...original.toGrpc(), message: '', name: 'Error' } as never);
    expect(back.toJSON()).toEqual({ code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.unknownPlan('gold'), message_id: 'billing.unknownPlan', params: ['gold'] });
    expect(AppError.validation('name', catalogueMessage(SCORM_MESSAGES, 'nameRequired')).toJSON()).toEqual({
      code: 'VALIDATION_FAILED',
      message: SCORM_MESSAGES.nameRequired,
      detail: { field: 'name' },
      message_id: 'scorm.nameRequired',
      params: [],
    });
  });

  it('should never expose an unexpected error', () => {
    const parsed = AppError.parse(new Error('connection refused at 10.0.0.3'));
    expect(parsed.toJSON()).toEqual({ code: 'INTERNAL', message: MESSAGES.server });
  });
});
