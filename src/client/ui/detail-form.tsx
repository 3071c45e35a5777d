import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { notify } from '../lib/notifications.ts';
import type { StaleEdit } from '../lib/stale-edit.ts';
import { ErrorSummary, type SummaryItem } from './error-summary.tsx';
import { RequiredLabel, fieldFrames } from './field-label.tsx';
import { serverFormErrors, summaryItems, type FieldErrors, type FormFieldRef } from './form-errors.ts';
import { StaleEditNotice } from './stale-edit-notice.tsx';
import { mergeStale, staleRows } from './stale-values.ts';
import { useUnsavedChangesGuard, type UnsavedChangesGuard } from './unsaved-changes.tsx';

/** What a successful save leads to: another page, or the form showing the saved values. */
export type SaveResult<V> = { navigateTo: string } | { values: V };

/** What the page gives an add-or-edit form. */
export interface DetailFormProps<V, B> {
  initialValues: V;
  submitLabel: string;
  /** Saves the checked body; throws (an ApiError) when the save fails. */
  onSave: (body: B) => Promise<SaveResult<V>>;
  saving: boolean;
  /** Where Cancel goes; it asks first when something has been typed. */
  cancelTo: string;
  /** Edits only: tells the user nothing changed instead of saving. */
  requireChanges?: boolean;
  /** Shown at the bottom left, apart from Save and Cancel (the edit page's Delete). */
  secondaryAction?: ReactNode;
  /**
   * Edits of an entity with a version (decision 044): from a failed save's error, the values someone else saved
   * meanwhile, or null when the save failed for another reason (`useEditVersion().theirs`).
   */
  theirsOnStale?: (error: unknown) => StaleEdit<V> | null;
}

/** What the feature knows of its form: how to check it, its fields, its words. */
export interface DetailFormSpec<V, B> {
  validate: (values: V) => FieldErrors;
  /** The shared schema's check: the body to send, or (already shown by `validate`) errors. */
  check: (values: V) => { ok: true; body: B } | { ok: false };
  /** The fields in the order they appear, with their inputs' ids (the summary links to them). */
  fields: readonly FormFieldRef[];
  /** Each field's label, by name (a stale save's notice names the fields). */
  labels: Readonly<Record<string, string>>;
  words: { detailsTitle: string; cancel: string; noChanges: string };
}

export interface DetailForm<V> {
  form: UseFormReturnType<V>;
  summary: SummaryItem[];
  guard: UnsavedChangesGuard;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** After a save refused as stale: what someone else saved, beside the person's values. */
  staleNotice: ReactNode;
}

/**
 * An add-or-edit form's life: checked with the shared schema before sending; on failure the summary at the top links
 * to each field, the server's field errors sit beside their fields, and what was typed stays; leaving with unsaved
 * changes asks first; a save either moves on or shows the saved values.
 */
export function useDetailForm<V extends object, B>(props: DetailFormProps<V, B>, spec: DetailFormSpec<V, B>): DetailForm<V> {
  const { fields } = spec;
  const navigate = useNavigate();
  const form = useForm<V>({ mode: 'controlled', initialValues: props.initialValues, validate: spec.validate });
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [stale, setStale] = useState<StaleEdit<V> | null>(null);
  const guard = useUnsavedChangesGuard(form.isDirty());
  const showValues = (values: V) => {
    form.setValues(values);
    form.setInitialValues(values);
    form.resetDirty(values);
  };

  const submit = form.onSubmit(
    async (values) => {
      const check = spec.check(values);
      if (!check.ok) return; // validate() has already shown these
      if (props.requireChanges && !form.isDirty()) {
        setSummary([]);
        notify({ level: 'info', message: spec.words.noChanges });
        return;
      }
      try {
        const result = await props.onSave(check.body);
        setSummary([]);
        setStale(null);
        if ('navigateTo' in result) {
          guard.allowNavigation();
          void navigate(result.navigateTo);
        } else {
          showValues(result.values);
        }
      } catch (error) {
        const refused = props.theirsOnStale?.(error) ?? null;
        if (refused) {
          const theirs = refused.current;
          const merged = mergeStale(values, form.getInitialValues(), theirs);
          // Dirty from here on means the person's own changes, over theirs.
          form.setInitialValues(theirs);
          form.setValues(merged);
          form.resetDirty(theirs);
          form.clearErrors();
          setSummary([]);
          setStale(refused);
          return;
        }
        const server = serverFormErrors(
          error,
          fields.map((f) => f.name),
        );
        form.setErrors(server.fields);
        setSummary(summaryItems(server.fields, fields, server.other));
        notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
    (errors) => setSummary(summaryItems(errors, fields)),
  );

  const staleNotice = stale ? (
    <StaleEditNotice
      message={stale.message}
      rows={staleRows(
        form.values,
        stale.current,
        fields.map((f) => ({ name: f.name, label: spec.labels[f.name] ?? f.name })),
      )}
      focusKey={stale}
      onUseTheirs={() => {
        showValues(stale.current);
        setStale(null);
      }}
    />
  ) : null;

  return { form, summary, guard, submit, staleNotice };
}

/** Each field's input id by name, from the fields in order. */
export function fieldIds<K extends string>(fields: readonly (FormFieldRef & { name: K })[]): Record<K, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.id])) as Record<K, string>;
}

/** A form's words for its required selects: ids, labels, hints and first choices ("Choose a region"), by field. */
export interface SelectWords<K extends string> {
  ids: Record<NoInfer<K>, string>;
  labels: Record<NoInfer<K>, string>;
  hints: Record<NoInfer<K>, string>;
  /** Its keys are the selects'. */
  prompts: Record<K, string>;
}

/**
 * The props of the form's required selects: labelled, described, the first choice a prompt, an empty choice held as
 * null. `onPick` replaces the plain set (a choice that changes other fields).
 */
export function requiredSelects<V, K extends keyof V & string>(form: UseFormReturnType<V>, words: SelectWords<K>) {
  const frame = fieldFrames<K>(words);
  return (
    field: K,
    options: readonly (string | { value: string; label: string })[],
    onPick?: (value: string | null) => void,
  ) => ({
    ...frame(field, <RequiredLabel>{words.labels[field]}</RequiredLabel>),
    size: 'md',
    required: true,
    withAsterisk: false,
    value: (form.values[field] as string | null) ?? '',
    data: [{ value: '', label: words.prompts[field] }, ...options],
    error: form.errors[field],
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.currentTarget.value || null;
      if (onPick) onPick(value);
      else form.setFieldValue(field, value as never);
      form.clearFieldError(field);
    },
  });
}

export interface DetailFormFrameProps {
  detailForm: Pick<DetailForm<unknown>, 'summary' | 'guard' | 'submit' | 'staleNotice'>;
  props: Pick<DetailFormProps<unknown, unknown>, 'submitLabel' | 'saving' | 'cancelTo' | 'secondaryAction'>;
  words: DetailFormSpec<unknown, unknown>['words'];
  /** The form's name, for its title's id and its test id: `{name}-form-title`, `{name}-form`. */
  name: string;
  children: ReactNode;
}

/** The frame of an add-or-edit form: error summary, titled card, the fields, then Delete apart from Cancel and Save. */
export function DetailFormFrame({ detailForm, props, words, name, children }: DetailFormFrameProps) {
  return (
    <Stack gap="md" maw="44rem">
      <ErrorSummary items={detailForm.summary} />
      {detailForm.staleNotice}
      <Paper
        component="form"
        withBorder
        p="lg"
        radius="md"
        noValidate
        onSubmit={detailForm.submit}
        aria-labelledby={`${name}-form-title`}
        data-testid={`${name}-form`}
      >
        <Stack gap="lg">
          <Title order={2} fz="h3" id={`${name}-form-title`}>
            {words.detailsTitle}
          </Title>
          {children}
          <Group justify="space-between" mt="sm" gap="sm">
            <div>{props.secondaryAction}</div>
            <Group gap="sm">
              <Button component={Link} to={props.cancelTo} variant="default">
                {words.cancel}
              </Button>
              <Button type="submit" loading={props.saving}>
                {props.submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {detailForm.guard.dialog}
    </Stack>
  );
}
