# filingdesk_add_test(NAME <name> SOURCES <files...> [LIBS <targets...>] [LABELS <labels...>] [TIMEOUT <s>] [WRAPPER <cmd...>])
# Builds a Qt Test executable and registers it with CTest on the offscreen platform.
function(filingdesk_add_test)
    cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS;WRAPPER" ${ARGN})
    add_executable(${ARG_NAME} ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE Qt6::Test filingdesk_test_support ${ARG_LIBS} filingdesk_options)
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    add_test(NAME ${ARG_NAME} COMMAND ${ARG_WRAPPER} $<TARGET_FILE:${ARG_NAME}>)
    set_tests_properties(${ARG_NAME} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT}
        LABELS "${ARG_LABELS}"
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;FILINGDESK_SOURCE_DIR=${PROJECT_SOURCE_DIR};FILINGDESK_BINARY_DIR=${PROJECT_BINARY_DIR};FILINGDESK_SANDBOX=$<TARGET_FILE:filingdesk-sandbox>;FILINGDESK_CLI=$<TARGET_FILE:filingdesk>")
endfunction()
