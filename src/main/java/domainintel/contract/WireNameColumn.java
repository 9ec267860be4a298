package domainintel.contract;

import io.micronaut.core.convert.ConversionContext;
import io.micronaut.data.model.runtime.convert.AttributeConverter;

/** Stores a state enum in a text column by its wire name ({@link WireNames}), as the rows were always written. */
public abstract class WireNameColumn<E extends Enum<E>> implements AttributeConverter<E, String> {
    private final Class<E> type;

    protected WireNameColumn(Class<E> type) {
        this.type = type;
    }

    @Override
    public String convertToPersistedValue(E value, ConversionContext context) {
        return value == null ? null : WireNames.of(value);
    }

    @Override
    public E convertToEntityValue(String value, ConversionContext context) {
        return value == null ? null : WireNames.parseStored(type, value);
    }
}
