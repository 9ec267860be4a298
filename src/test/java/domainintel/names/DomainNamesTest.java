package domainintel.names;

import domainintel.contract.Rejection;
import domainintel.contract.ErrorCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one validator of domain names, on a table of good and bad names. */
class DomainNamesTest {
    @ParameterizedTest
    @CsvSource({
            "example.com,       example.com,      example, com",
            "Example.COM,       example.com,      example, com",
            "example.com.,      example.com,      example, com",
            "'  example.com ',  example.com,      example, com",
            "'\texample.com\n', example.com,      example, com",
            "example.co.uk,     example.co.uk,    example, co.uk",
            "bücher.de,         xn--bcher-kva.de, xn--bcher-kva, de",
            "car-insurance.io,  car-insurance.io, car-insurance, io",
            "123.tv,            123.tv,           123, tv",
            "xn--bcher-kva.de,  xn--bcher-kva.de, xn--bcher-kva, de",
            "Faß.DE,            xn--fa-hia.de,    xn--fa-hia,    de",
            "💩.ws,             xn--ls8h.ws,      xn--ls8h,      ws",
            "مصر1.com,          xn--1-jncl7d.com, xn--1-jncl7d,  com",
    })
    void validNamesAreNormalised(String input, String name, String label, String tld) {
        DomainName parsed = DomainNames.parse(input);
        assertEquals(name, parsed.name());
        assertEquals(label, parsed.label());
        assertEquals(tld, parsed.tld());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "exa mple.com", " exa mple.com ", "-example.com", "example-.com", "example..com", "example",
            "com", "co.uk", "www.example.com", "example.notarealtld", "1.2.3.4", "exa_mple.com", "example.com..",
            "xn--a.com", "xn--abc.com", "ab--cd.com", "XN--.com", "xn--hotels-qf0c.com",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com"})
    void invalidNamesAreRefused(String input) {
        Rejection e = assertThrows(Rejection.class, () -> DomainNames.parse(input));
        assertEquals(ErrorCode.INVALID_DOMAIN, e.code());
    }

    @org.junit.jupiter.api.Test
    void anInternationalisedNameIsRefusedWithTheRuleItBreaks() {
        Rejection e = assertThrows(Rejection.class, () -> DomainNames.parse("1مصر.com"));
        assertEquals(ErrorCode.INVALID_DOMAIN, e.code());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("right-to-left"), e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void namesOver253CharactersAreRefused() {
        String label = "a".repeat(63);
        String name = String.join(".", label, label, label, "a".repeat(57)) + ".com"; // 256 characters
        assertEquals(ErrorCode.INVALID_DOMAIN, assertThrows(Rejection.class, () -> DomainNames.parse(name)).code());
    }
}
